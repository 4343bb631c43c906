// Engine operations over an in-memory host: results are data (the same as --format json), per-file failures are findings.
import { describe, expect, it } from "vitest";
import { buildModules } from "../../src/engine/author/build-modules.js";
import { formatFiles } from "../../src/engine/check/format-files.js";
import { lintFiles } from "../../src/engine/check/lint-files.js";
import { validateFiles } from "../../src/engine/check/validate-files.js";
import { createMemoryHost } from "../support/memory-host.js";

const GOOD = JSON.stringify({ name: "Good", nodes: [{ id: "a", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } }], edges: [] });
const ISLAND = JSON.stringify({
  nodes: [
    { id: "a", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } },
    { id: "b", type: "Default", data: { name: "Island", text: "Nobody gets here" } },
  ],
  edges: [],
});

describe("validateFiles", () => {
  it("walks a directory, reads stdin, and reports unreadable and missing inputs as findings in order", async () => {
    const host = createMemoryHost(
      { "pathways/good.json": GOOD, "pathways/pathway.config.json": "{}", "pathways/sub/dir.json/x.json": GOOD },
      { stdin: "{ nope" },
    );
    const results = await validateFiles(host, ["pathways", "-", "missing.json"]);
    expect(results.map((r) => [r.filePath, r.diagnostics.map((d) => d.ruleId)])).toEqual([
      ["pathways/good.json", []],
      ["pathways/sub/dir.json/x.json", []],
      ["<stdin>", ["parse-error"]],
      ["missing.json", ["unreadable-file"]],
    ]);
  });
});

describe("the same per-file failure, the same finding", () => {
  it("a missing input is unreadable-file, in the same words, for validate, fmt and build", async () => {
    const host = createMemoryHost({});
    const validate = (await validateFiles(host, ["missing.pathway.ts"]))[0]!.diagnostics;
    const fmt = (await formatFiles(host, ["missing.pathway.ts"]))[0]!.diagnostics;
    const build = (await buildModules(host, ["missing.pathway.ts"])).files[0]!.diagnostics;
    expect(validate.map((d) => [d.ruleId, d.message])).toEqual([["unreadable-file", expect.stringContaining("missing.pathway.ts")]]);
    expect(fmt).toEqual(validate);
    expect(build).toEqual(validate);
  });
});

describe("lintFiles", () => {
  it("applies the nearest pathway.config.json and --rule overrides, and counts nothing hidden without a baseline", async () => {
    const host = createMemoryHost({
      "a/island.json": ISLAND,
      "b/island.json": ISLAND,
      "b/pathway.config.json": JSON.stringify({ rules: { "unreachable-node": "off" } }),
    });
    const lint = await lintFiles(host, ["a/island.json", "b/island.json"]);
    const ids = lint.results.map((r) => r.diagnostics.map((d) => d.ruleId));
    expect(ids[0]).toContain("unreachable-node");
    expect(ids[1]).not.toContain("unreachable-node");
    const overridden = await lintFiles(host, ["a/island.json"], { rules: { "unreachable-node": "off" } });
    expect(overridden.results[0]!.diagnostics.map((d) => d.ruleId)).not.toContain("unreachable-node");
    expect(lint).toMatchObject({ suppressed: 0, baselined: 0 });
  });

  it("writes a baseline through the host and then hides what it recorded", async () => {
    const host = createMemoryHost({ "island.json": ISLAND });
    const written = await lintFiles(host, ["island.json"], { baselineWrite: "baseline.json" });
    expect(written.recorded).toBeGreaterThan(0);
    expect(written.results[0]!.diagnostics).toEqual([]);
    expect(JSON.parse(host.files.get("/project/baseline.json")!).findings).toHaveLength(written.recorded!);
    const again = await lintFiles(host, ["island.json"], { baseline: "baseline.json" });
    expect(again.results[0]!.diagnostics).toEqual([]);
    expect(again.baselined).toBe(written.recorded);
  });

  it("throws EngineError('config') for a broken config, naming the file", async () => {
    const host = createMemoryHost({ "p.json": GOOD, "pathway.config.json": "{ nope" });
    await expect(lintFiles(host, ["p.json"])).rejects.toMatchObject({
      name: "EngineError",
      kind: "config",
      message: expect.stringContaining("pathway.config.json is not valid JSON"),
    });
  });
});

describe("formatFiles", () => {
  it("rewrites files through the host, returns stdin's text, and leaves broken files alone", async () => {
    const host = createMemoryHost({ "a.json": '{"nodes":[],"name":"x"}', "bad.json": "{ nope" }, { stdin: '{"nodes":[]}' });
    const results = await formatFiles(host, ["a.json", "bad.json", "-"]);
    expect(results.map((r) => r.status)).toEqual(["formatted", "failed", "formatted"]);
    expect(host.files.get("/project/a.json")).toBe('{\n  "name": "x",\n  "nodes": []\n}\n');
    expect(host.files.get("/project/bad.json")).toBe("{ nope");
    expect(results[2]!.output).toBe('{\n  "nodes": []\n}\n');
    expect((await formatFiles(host, ["a.json"], { check: true }))[0]!.status).toBe("unchanged");
  });
});
