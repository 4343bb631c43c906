// `pathway scenarios pull` against the loopback fake: scenarios made in the web page come back as persona scenario files that push then updates, hostile names and all.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadScenario } from "../../src/simulate/scenario.js";
import { startAgentTestingProject } from "../support/agent-testing-project.js";
import type { ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

const WEB = {
  id: "scn-web",
  name: "Angry caller about a bill",
  pathway_id: "p",
  tester_persona_prompt: "You were charged twice and you are angry.",
  tester_persona_name: "Ray",
  max_turns: 15,
  start_node_id: "start",
  assertions: [
    { type: "NODE_REACHED", name: "reaches booked", config: { node_id: "booked" } },
    { type: "LLM_JUDGE", name: "stays calm", config: { prompt: "The agent stays calm", output_type: "score", threshold: 0.6 } },
    { type: "WEBHOOK_TRIGGERED", name: "refund webhook", config: { url: "https://example.com/refund" } },
  ],
};

describe("pathway scenarios pull", () => {
  it("writes the web page's scenarios as persona scenario files, records them, and a push then updates them in place", async () => {
    project = await startAgentTestingProject({
      serverScenarios: [
        WEB,
        { id: "scn-replay", name: "replayed call", pathway_id: "p", scenario_type: "REPLAY" },
        { ...WEB, id: "scn-q", name: "another pathway's", pathway_id: "q" },
      ],
    });
    const r = await project.run(["scenarios", "pull", "booking.json", "-o", "pulled"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('wrote pulled/angry-caller-about-a-bill.scenario.yaml: "Angry caller about a bill" (scn-web)');
    expect(r.stdout).toContain('not written WEBHOOK_TRIGGERED "refund webhook"');
    expect(r.stdout).toContain('skipped "replayed call" (scn-replay): a REPLAY scenario');
    const text = project.read("pulled/angry-caller-about-a-bill.scenario.yaml");
    expect(text).toContain("# Pulled from the service's Agent Testing (scenario scn-web) by `pathway scenarios pull`.");
    expect(text).toContain('# - WEBHOOK_TRIGGERED "refund webhook"');
    const loaded = loadScenario(text);
    expect(loaded.ok && loaded.scenario).toMatchObject({
      name: "Angry caller about a bill",
      pathway: "../booking.json",
      persona: { name: "Ray", prompt: "You were charged twice and you are angry." },
      max_turns: 15,
      start: "Greeting",
      judges: [{ criterion: "The agent stays calm", threshold: 0.6 }],
      expect: { node: "Booked" },
    });
    expect(project.manifest().pathways[0]!.scenarios).toMatchObject([
      { name: "Angry caller about a bill", id: "scn-web", file: "pulled/angry-caller-about-a-bill.scenario.yaml" },
    ]);
    // The file is now the source of truth: a push updates the same scenario, and refuses to drop what the file cannot hold.
    const push = await project.run(["scenarios", "push", "pulled"]);
    expect(push.code).toBe(1);
    expect(push.stdout).toContain('(WEBHOOK_TRIGGERED "refund webhook"); pass --force');
    const forced = await project.run(["scenarios", "push", "pulled", "--force", "-f", "json"]);
    expect(JSON.parse(forced.stdout).scenarios[0]).toMatchObject({ action: "updated", id: "scn-web", fields: ["assertions"] });
    expect(project.service.requestsTo("POST", /\/scenarios$/)).toEqual([]);
    // Pulled again: the scenario is pushed from a file now, so nothing is written.
    const again = await project.run(["scenarios", "pull", "booking.json", "-o", "pulled", "-f", "json"]);
    expect(JSON.parse(again.stdout).skipped[0]).toEqual({
      name: "Angry caller about a bill",
      id: "scn-web",
      reason: "pushed from pulled/angry-caller-about-a-bill.scenario.yaml",
    });
  });

  it("names files safely from hostile names and writes no control or bidi character raw", async () => {
    const hostile = `\u202e../../etc\u0007 \u001b[2J${"y".repeat(5000)}`;
    project = await startAgentTestingProject({ serverScenarios: [{ ...WEB, name: hostile, tester_persona_prompt: `angry \u2028\u202e caller` }] });
    const r = await project.run(["scenarios", "pull", "booking.json", "-o", "pulled"]);
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202a-\u202e\u2028]/);
    const files = readdirSync(path.join(project.dir, "pulled"));
    expect(files).toEqual([`etc-2j${"y".repeat(54)}.scenario.yaml`]);
    const text = project.read(`pulled/${files[0]}`);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202a-\u202e\u2028]/);
    const loaded = loadScenario(text);
    expect(loaded.ok && loaded.scenario.name).toBe(hostile);
  });

  it("refuses to overwrite a file without --force, and an untracked pathway (exit 2)", async () => {
    project = await startAgentTestingProject({ serverScenarios: [WEB] });
    project.write("pulled/angry-caller-about-a-bill.scenario.yaml", "# mine\n");
    const r = await project.run(["scenarios", "pull", "booking.json", "-o", "pulled"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("already exist");
    expect(project.read("pulled/angry-caller-about-a-bill.scenario.yaml")).toBe("# mine\n");
    project.write("other.json", project.read("booking.json"));
    const untracked = await project.run(["scenarios", "pull", "other.json", "-o", "pulled"]);
    expect(untracked.code).toBe(2);
    expect(untracked.stderr).toContain("not in pathwaykit.manifest.json");
  });
});
