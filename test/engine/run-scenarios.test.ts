// runScenarioFiles in-process: a pathway where a scenario belongs, and inputs that name nothing, are per-file errors with clear words.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createNodeHost } from "../../src/engine/node-host.js";
import { runScenarioFiles } from "../../src/engine/run-scenarios.js";
import { tempDir } from "../support/cli.js";

const PATHWAY = JSON.stringify({ nodes: [{ id: "a", type: "Default", data: { name: "A", isStart: true, text: "Hi" } }], edges: [] });

describe("runScenarioFiles", () => {
  it("says a pathway is a pathway, not a scenario (instead of a schema error about its keys)", async () => {
    const dir = tempDir("pathwaykit-scenarios-");
    writeFileSync(path.join(dir, "pathway.json"), PATHWAY);
    const report = await runScenarioFiles(createNodeHost({ cwd: dir }), ["pathway.json"]);
    expect(report.summary).toMatchObject({ total: 1, errors: 1 });
    const message = report.results[0]!.failures[0]!.message;
    expect(message).toContain("pathway.json: this is a pathway, not a scenario");
    expect(message).toContain("pathway scenarios generate pathway.json -o <dir>");
    expect(message).not.toMatch(/unknown key|Unrecognized/i);
  });

  it("reports a missing path and an empty directory as errors, still running the rest", async () => {
    const dir = tempDir("pathwaykit-scenarios-");
    const report = await runScenarioFiles(createNodeHost({ cwd: dir }), ["missing.scenario.yaml", "."]);
    expect(report.results.map((r) => r.failures[0]!.message)).toEqual([
      "missing.scenario.yaml: no such file or directory; check the path.",
      ".: no scenario files (.scenario.yaml, .scenario.yml, .scenario.json) in this directory; name files directly or check the path.",
    ]);
  });
});
