// runScenarioFiles in-process: a pathway where a scenario belongs, and inputs that name nothing, are per-file errors with clear words.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createNodeHost } from "../../../src/host/node-host.js";
import { runScenarioFiles } from "../../../src/engine/scenarios/run-scenarios.js";
import { tempDir } from "../../support/cli.js";

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

  it("starts each scenario from its shared mocks file, read once; the scenario's own answers win", async () => {
    const dir = tempDir("pathwaykit-scenarios-");
    const hook = {
      nodes: [
        { id: "a", type: "Default", data: { name: "A", isStart: true, text: "Hi" } },
        {
          id: "w",
          type: "Webhook",
          data: { name: "Hook", url: "https://example.test/x", method: "GET", responseData: [{ name: "answer", data: "$.answer" }] },
        },
      ],
      edges: [{ id: "e", source: "a", target: "w", label: "go" }],
    };
    writeFileSync(path.join(dir, "pathway.json"), JSON.stringify(hook));
    writeFileSync(path.join(dir, "shared.mocks.yaml"), "webhooks:\n  Hook: { status: 200, body: { answer: shared } }\n");
    const scenario = (answer?: string) =>
      `pathway: pathway.json\nmocks: shared.mocks.yaml\n${answer ? `webhooks:\n  Hook: { status: 200, body: { answer: ${answer} } }\n` : ""}turns:\n  - user: go\n    take: go\n    expect: { vars: { answer: ${answer ?? "shared"} } }\n`;
    writeFileSync(path.join(dir, "a.scenario.yaml"), scenario());
    writeFileSync(path.join(dir, "b.scenario.yaml"), scenario("own"));
    const report = await runScenarioFiles(createNodeHost({ cwd: dir }), ["."]);
    expect(report.results.map((r) => [r.file, r.status, r.failures[0]?.message])).toEqual([
      ["a.scenario.yaml", "passed", undefined],
      ["b.scenario.yaml", "passed", undefined],
    ]);
  });

  it("reports a missing or broken mocks file at the scenario's mocks: key, naming the file and its line", async () => {
    const dir = tempDir("pathwaykit-scenarios-");
    writeFileSync(path.join(dir, "pathway.json"), PATHWAY);
    writeFileSync(path.join(dir, "broken.mocks.yaml"), "webhooks:\n  Hook: { stat: 200 }\n");
    writeFileSync(path.join(dir, "a.scenario.yaml"), "pathway: pathway.json\nmocks: nowhere.yaml\nturns: []\n");
    writeFileSync(path.join(dir, "b.scenario.yaml"), "pathway: pathway.json\nmocks: broken.mocks.yaml\nturns: []\n");
    const report = await runScenarioFiles(createNodeHost({ cwd: dir }), ["."]);
    expect(report.results.map((r) => r.status)).toEqual(["error", "error"]);
    expect(report.results[0]!.failures[0]).toMatchObject({
      pointer: "/mocks",
      line: 2,
      message: expect.stringMatching(/^mocks: nowhere\.yaml: no such file or directory/),
    });
    expect(report.results[1]!.failures[0]!.message).toMatch(/^mocks: broken\.mocks\.yaml:2:\d+: unknown key "stat"/);
  });
});
