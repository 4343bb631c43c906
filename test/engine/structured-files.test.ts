// The project's JSON files (config, baseline, manifest) are read by the one structured-file reader: syntax errors at their line, keys printed one way.
import { describe, expect, it } from "vitest";
import { lintFiles } from "../../src/engine/check/lint-files.js";
import { loadManifest } from "../../src/engine/project/manifest.js";
import { createMemoryHost } from "../support/memory-host.js";

const GOOD = JSON.stringify({ name: "Good", nodes: [{ id: "a", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } }], edges: [] });

describe("structured project files", () => {
  it("places a config file's syntax error at its line and column, with the JSON reader's advice", async () => {
    const host = createMemoryHost({ "p.json": GOOD, "pathway.config.json": '{\n  "rules": {},\n}' });
    await expect(lintFiles(host, ["p.json"])).rejects.toMatchObject({
      kind: "config",
      message: "Config file pathway.config.json is not valid JSON (line 2, column 14: Trailing comma: JSON allows none; remove this comma); fix the syntax.",
    });
  });

  it("names a baseline's bad entry by its key path", async () => {
    const host = createMemoryHost({
      "p.json": GOOD,
      "baseline.json": JSON.stringify({ version: 1, findings: [{ file: 3, ruleId: "dead-end", location: "" }] }),
    });
    await expect(lintFiles(host, ["p.json"], { baseline: "baseline.json" })).rejects.toMatchObject({
      kind: "config",
      message: "Baseline file baseline.json: findings[0].file: Invalid input: expected string, received number; write it again with --baseline-write.",
    });
  });

  it("names a manifest's bad entry by its key path, and an unknown key as one", async () => {
    const missing = createMemoryHost({ "pathwaykit.manifest.json": JSON.stringify({ version: 1, pathways: [{ id: "p" }] }) });
    await expect(loadManifest(missing)).rejects.toMatchObject({
      kind: "config",
      message: expect.stringMatching(/pathwaykit\.manifest\.json: pathways\[0\]\.file: required, missing\. Expected/),
    });
    const unknown = createMemoryHost({ "pathwaykit.manifest.json": JSON.stringify({ version: 1, pathways: [], extra: true }) });
    await expect(loadManifest(unknown)).rejects.toMatchObject({ message: expect.stringMatching(/pathwaykit\.manifest\.json: unknown key "extra"\. Expected/) });
  });

  it("places a manifest's syntax error at its line", async () => {
    const host = createMemoryHost({ "pathwaykit.manifest.json": '{\n  "version": 1,\n  "pathways": [\n}' });
    await expect(loadManifest(host)).rejects.toMatchObject({
      message: expect.stringMatching(/pathwaykit\.manifest\.json: not valid JSON \(line 4, column 1: .*\); fix it or delete it and fetch again\.$/s),
    });
  });
});
