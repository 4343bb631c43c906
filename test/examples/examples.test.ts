// The example pathways: their committed JSON is what the builder code builds, and it validates with no finding at all.
import { describe, expect, test } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const EXAMPLES = ["appointment-booking", "support-kb", "lead-qualification"];

describe("example pathways", () => {
  test("every *.pathway.ts has its built JSON committed next to it", () => {
    const modules = readdirSync(path.join(ROOT, "pathways")).filter((f) => f.endsWith(".pathway.ts"));
    const names = modules.map((m) => m.replace(".pathway.ts", ""));
    expect(names).toEqual(expect.arrayContaining(EXAMPLES));
    for (const name of names) {
      const json = JSON.parse(readFileSync(path.join(ROOT, "pathways", `${name}.json`), "utf8")) as { $schema?: string };
      expect(json.$schema).toBe("../schemas/pathway.schema.json");
    }
  });

  test("pathway build --check finds the committed JSON up to date", async () => {
    const result = await runMain(["build", "pathways/", "--check"]);
    expect(result.stderr).not.toContain("OUT OF DATE");
    expect(result.code).toBe(0);
  });

  test("pathway validate pathways/ reports zero errors and zero warnings", async () => {
    const result = await runMain(["validate", "pathways/", "--format", "json"]);
    expect(result.code).toBe(0);
    const files = JSON.parse(result.stdout) as { errorCount: number; warningCount: number; messages: unknown[] }[];
    expect(files.length).toBeGreaterThanOrEqual(EXAMPLES.length);
    for (const file of files) expect(file).toMatchObject({ errorCount: 0, warningCount: 0, messages: [] });
  });

  test("the committed JSON is in canonical form", async () => {
    expect((await runMain(["fmt", "--check", "pathways/"])).code).toBe(0);
  });
});
