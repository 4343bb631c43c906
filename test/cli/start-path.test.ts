// Keeps `pathway validate` fast to start: its static imports reach neither zod, nor lint's rule graph, nor every formatter.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../support/cli.js";

const STATIC = /^\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+["']([^"']+)["']/gm;

/** Every module `entry` loads through static (not type-only, not dynamic) imports, as src/ paths or package names. */
function staticClosure(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.startsWith("src/")) return;
    for (const m of readFileSync(path.join(ROOT, file), "utf8").matchAll(STATIC)) {
      const spec = m[1]!;
      if (!spec.startsWith(".")) {
        if (!spec.startsWith("node:")) seen.add(spec);
        continue;
      }
      const target = path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), spec)).replace(/\.js$/, ".ts");
      if (existsSync(path.join(ROOT, target))) visit(target);
    }
  };
  entries.forEach(visit);
  return seen;
}

it("pathway validate loads neither zod, nor lint/, nor the formatters it does not print with", () => {
  const loaded = [
    ...staticClosure([
      "src/cli/main.ts",
      "src/cli/commands/validate.ts",
      "src/engine/check/validate-files.ts",
      "src/validate/validate.ts",
      "src/format/stylish.ts",
    ]),
  ];
  expect(loaded.filter((m) => m === "zod" || m.startsWith("src/lint/") || /^src\/format\/(sarif|junit|tap|diff-|test-report|index)/.test(m))).toEqual([]);
});

it("pathway --help loads no command", () => {
  expect([...staticClosure(["src/cli/main.ts"])].filter((m) => m.startsWith("src/cli/commands/") && m !== "src/cli/commands/index.ts")).toEqual([]);
});
