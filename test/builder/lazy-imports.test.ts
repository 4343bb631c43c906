// `pathway validate` must start fast: ts-morph and tsx are reachable only through dynamic import(), never statically.
import { describe, expect, test } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../support/cli.js";

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:[^;"']*?\sfrom\s*)?["']([^"']+)["']/gm;

/** Every module reachable from `entry` through static import/export declarations: local files and bare packages. */
function getStaticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      const specifier = match[1]!;
      if (specifier.startsWith(".")) visit(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!);
    }
  };
  visit(entry);
  return { files, packages };
}

describe("lazy loading of heavy modules", () => {
  const main = path.join(ROOT, "dist/cli/main.js");
  /** These checks read the compiled output; without it they must fail, not pass by skipping. */
  const requireDist = () => {
    if (!existsSync(main)) expect.fail(`${path.relative(ROOT, main)} is missing; run \`npm run build\` first (\`npm test\` does).`);
  };

  test("neither the CLI entry nor the validate and build commands statically import ts-morph, tsx or codegen", () => {
    requireDist();
    // Commands load lazily from the command table, so each is its own entry point.
    for (const entry of [main, path.join(ROOT, "dist/cli/commands/validate.js"), path.join(ROOT, "dist/cli/commands/build.js")]) {
      const graph = getStaticGraph(entry);
      expect([...graph.packages], entry).not.toContain("ts-morph");
      expect([...graph.packages], entry).not.toContain("tsx");
      expect([...graph.packages], entry).not.toContain("typescript");
      expect(
        [...graph.files].filter((f) => f.includes(`${path.sep}codegen${path.sep}`) && !f.endsWith("fmt.js")),
        entry,
      ).toEqual([]);
    }
  });

  test("validate does not load a glob matcher or the call-record readers to check a file it is given", () => {
    requireDist();
    // Each is parsed at every start if reachable (picomatch is 25 KB); they are needed only for globs and folder walks.
    const graph = getStaticGraph(path.join(ROOT, "dist/cli/commands/validate.js"));
    expect([...graph.packages]).not.toContain("picomatch");
    expect([...graph.files].filter((f) => f.startsWith(path.join(ROOT, "dist", "calls") + path.sep))).toEqual([]);
  });

  test("the host and the code generator reach tsx and ts-morph only through import()", () => {
    requireDist();
    expect(readFileSync(path.join(ROOT, "dist/host/node-host.js"), "utf8")).toContain('await import("tsx/esm/api")');
    // The import operation imports codegen statically (codegen without ts-morph is light): ts-morph waits in format-code.
    expect(readFileSync(path.join(ROOT, "dist/codegen/format-code.js"), "utf8")).toContain('import("ts-morph")');
    for (const entry of ["dist/codegen/index.js", "dist/engine/author/import-pathway.js"]) {
      expect([...getStaticGraph(path.join(ROOT, entry)).packages], entry).not.toContain("ts-morph");
    }
  });

  test("the static-import scanner sees multi-line imports and ignores dynamic ones", () => {
    const text = 'import {\n  a,\n  b,\n} from "./x.js";\nexport * from "pkg/sub";\nconst m = await import("ts-morph");\nimport "side";';
    expect([...text.matchAll(STATIC_IMPORT)].map((m) => m[1])).toEqual(["./x.js", "pkg/sub", "side"]);
  });
});
