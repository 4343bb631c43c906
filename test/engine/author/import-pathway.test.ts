// importPathway in-process: one file in, one module out; a directory is refused, and so is overwriting a file without force.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createNodeHost } from "../../../src/host/node-host.js";
import { importPathway } from "../../../src/engine/author/import-pathway.js";
import { tempDir } from "../../support/cli.js";

const PATHWAY = JSON.stringify({ nodes: [{ id: "a", type: "Default", data: { name: "A", isStart: true, text: "Hi" } }], edges: [] });

function setup() {
  const dir = tempDir("pathwaykit-import-");
  mkdirSync(path.join(dir, "pathways"));
  writeFileSync(path.join(dir, "pathways", "a.json"), PATHWAY);
  writeFileSync(path.join(dir, "pathways", "b.json"), PATHWAY);
  writeFileSync(path.join(dir, "mine.ts"), "// hand-written\nexport const x = 1;\n");
  return { dir, host: createNodeHost({ cwd: dir }) };
}

describe("importPathway", () => {
  it("refuses a directory instead of silently importing its first file", async () => {
    const { host } = setup();
    await expect(importPathway(host, "pathways")).rejects.toMatchObject({
      kind: "usage",
      message: expect.stringContaining("pathways: is a directory; import makes one module from one pathway file"),
    });
  });

  it("refuses to overwrite an existing -o file without force, and overwrites it with force", async () => {
    const { dir, host } = setup();
    await expect(importPathway(host, "pathways/a.json", { output: "mine.ts" })).rejects.toMatchObject({
      kind: "usage",
      message: expect.stringContaining("mine.ts already exists"),
    });
    expect(readFileSync(path.join(dir, "mine.ts"), "utf8")).toContain("hand-written");
    const result = await importPathway(host, "pathways/a.json", { output: "mine.ts", force: true, importFrom: "pathwaykit" });
    expect(result.written).toBe("mine.ts");
    expect(readFileSync(path.join(dir, "mine.ts"), "utf8")).toContain('from "pathwaykit"');
  });

  it("returns the module for a new file, and findings (not an exception) for text that is not JSON", async () => {
    const { dir, host } = setup();
    expect((await importPathway(host, "pathways/b.json")).code).toContain("export default");
    writeFileSync(path.join(dir, "bad.json"), "{ nope");
    const bad = await importPathway(host, "bad.json");
    expect(bad.code).toBeUndefined();
    expect(bad.diagnostics[0]).toMatchObject({ ruleId: "parse-error", range: { start: { line: 1 } } });
  });
});
