
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createNodeHost } from "../../../src/host/node-host.js";
import { getPathwayProblem, isPathway, loadPathwayFile, loadPathwayFiles, requirePathway } from "../../../src/engine/project/load-pathway.js";
import { createTempProject } from "../../support/temp-project.js";

const START = { id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } };

function project(files: Record<string, string | Uint8Array>, stdin?: string) {
  const dir = createTempProject(files, "pathwaykit-load-");
  return createNodeHost({ cwd: dir, stdin: Readable.from([Buffer.from(stdin ?? "")]) });
}

describe("getPathwayProblem (the one 'is this a pathway?' answer)", () => {
  it("accepts an object whose nodes hold at least one node with a string id", () => {
    expect(getPathwayProblem({ nodes: [{ globalConfig: {} }, START], edges: [] }, "p.json")).toBeUndefined();
    expect(isPathway({ nodes: [START] })).toBe(true);
  });

  it("refuses nodes that hold no node with a string id, pointing at validate", () => {
    const d = getPathwayProblem({ nodes: [null, 1, "x", { id: 5 }], edges: {} }, "junk.json")!;
    expect(d).toMatchObject({ ruleId: "not-a-pathway", severity: "error", pointer: "/nodes" });
    expect(d.message).toMatch(/^not a pathway: "nodes" holds no node with a string "id"/);
    expect(d.message).toContain("run `pathway validate junk.json` to see why");
  });

  it("refuses values that are not an object with a nodes array, saying what was found", () => {
    expect(getPathwayProblem([], "x.json")!.message).toContain("found an array");
    expect(getPathwayProblem(null, "x.json")!.message).toContain("found null");
    expect(getPathwayProblem({}, "x.json")!.message).toContain('found an object without "nodes"');
    expect(getPathwayProblem({ nodes: false }, "x.json")!.message).toContain(`found "nodes" as boolean false`);
    for (const value of [[], null, "text", {}, { nodes: false }]) expect(isPathway(value)).toBe(false);
  });

  it("says a scenario is a scenario", () => {
    expect(getPathwayProblem({ pathway: "p.json", turns: [] }, "s.json")!.message).toContain("it looks like a scenario: run it with `pathway test`");
  });

  it("requires a start node only when asked", () => {
    const pathway = { nodes: [{ id: "a", type: "Default", data: {} }], edges: [] };
    expect(getPathwayProblem(pathway, "p.json")).toBeUndefined();
    expect(getPathwayProblem(pathway, "p.json", { requireStart: true })).toMatchObject({ ruleId: "no-start-node" });
  });
});

describe("loadPathwayFile", () => {
  it("reads a file relative to cwd, or stdin for -", async () => {
    const host = project({ "p.json": JSON.stringify({ nodes: [START] }) }, JSON.stringify({ nodes: [START] }));
    expect(await loadPathwayFile(host, "p.json")).toMatchObject({ path: "p.json", pathway: { nodes: [START] }, diagnostics: [] });
    expect(await loadPathwayFile(host, "-")).toMatchObject({ path: "<stdin>", pathway: { nodes: [START] }, diagnostics: [] });
  });

  it("turns a syntax error, bad UTF-8, a missing file and a directory into findings with the place", async () => {
    const host = project({
      "bad.json": '{"nodes": [1,]}',
      "latin1.json": Uint8Array.from([...Buffer.from('{\n "x": "'), 0xe9, ...Buffer.from('"}')]),
      "sub/x.txt": "",
    });
    const bad = await loadPathwayFile(host, "bad.json");
    expect(bad.pathway).toBeUndefined();
    expect(bad.diagnostics[0]).toMatchObject({ ruleId: "parse-error", range: { start: { line: 1 } } });
    expect((await loadPathwayFile(host, "latin1.json")).diagnostics[0]).toMatchObject({ ruleId: "invalid-utf8", range: { start: { line: 2, column: 8 } } });
    expect((await loadPathwayFile(host, "nope.json")).diagnostics).toEqual([
      { ruleId: "unreadable-file", severity: "error", message: "nope.json: no such file or directory; check the path.", pointer: "" },
    ]);
    expect((await loadPathwayFile(host, "sub")).diagnostics[0]!.message).toBe("sub: is a directory; name a file.");
  });
});

describe("requirePathway", () => {
  it("throws one sentence naming the file, line and column, and the validate hint", async () => {
    const host = project({ "bad.json": '{"nodes": [1,]}', "my file.json": "{}" });
    await expect(requirePathway(host, "bad.json")).rejects.toMatchObject({
      name: "EngineError",
      kind: "input",
      message: expect.stringMatching(/^bad\.json:1:\d+: .*; run `pathway validate bad\.json` to see why\.$/),
    });
    await expect(requirePathway(host, "my file.json")).rejects.toMatchObject({ message: expect.stringContaining('`pathway validate "my file.json"`') });
    await expect(requirePathway(host, "gone.json")).rejects.toMatchObject({ kind: "io", message: "gone.json: no such file or directory; check the path." });
  });
});

describe("loadPathwayFiles", () => {
  it("walks a directory for pathways, skipping config, scenario and manifest JSON, and keeps going past a bad file", async () => {
    const host = project({
      "a.json": JSON.stringify({ nodes: [START] }),
      "b.json": "not json",
      "pathway.config.json": "{}",
      "s.scenario.json": "{}",
      "pathwaykit.manifest.json": "{}",
    });
    const loaded = await loadPathwayFiles(host, ["."]);
    expect(loaded.map((l) => [l.path, l.pathway !== undefined])).toEqual([
      ["a.json", true],
      ["b.json", false],
    ]);
  });

  it("reports an empty directory and a glob that matches nothing as findings", async () => {
    const host = project({ "empty/readme.txt": "" });
    const loaded = await loadPathwayFiles(host, ["empty", "*.nothing.json"]);
    expect(loaded.map((l) => l.diagnostics[0]!.ruleId)).toEqual(["no-matching-files", "no-matching-files"]);
  });
});
