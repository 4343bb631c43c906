// Generated code type-checks under the project's strict settings, so imported pathways are ordinary, safe TypeScript.
import { describe, expect, test } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { toBuilderCode } from "../../src/codegen/index.js";
import { parseDocument } from "../../src/parse/index.js";
import { corpusFiles, hasCorpus, readCorpus } from "../support/corpus.js";
import { ROOT, tempDir } from "../support/cli.js";

describe("generated code", () => {
  test("type-checks with strict settings for every parseable corpus file and every example", async () => {
    const dir = tempDir("pathwaykit-tsc-");
    const importFrom = path.join(ROOT, "src/builder/index.js");
    const inputs = [
      ...corpusFiles.map((name) => ({ name, bytes: readCorpus(name) })),
      ...["appointment-booking", "support-kb", "lead-qualification"].map((n) => ({
        name: `${n}.json`,
        bytes: readFileSync(path.join(ROOT, "pathways", `${n}.json`)),
      })),
    ];
    const written: string[] = [];
    for (const { name, bytes } of inputs) {
      const parsed = parseDocument(bytes);
      if (!parsed.ok) continue;
      const file = `${name.replace(/\.json$/, "").replace(/[^A-Za-z0-9-]/g, "-")}.pathway.ts`;
      writeFileSync(path.join(dir, file), await toBuilderCode(parsed.value, { importFrom }));
      written.push(file);
    }
    expect(written.length).toBeGreaterThanOrEqual(hasCorpus ? 9 : 3);
    writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: true,
          noEmit: true,
          types: ["node"],
          typeRoots: [path.join(ROOT, "node_modules/@types")],
        },
        include: ["*.pathway.ts"],
      }),
    );
    const tsc = spawnSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", path.join(dir, "tsconfig.json")], { encoding: "utf8" });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  });
});
