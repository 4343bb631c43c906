// `pathway publish --require-pass --server` against the loopback fake: the pushed scenarios and the service's own gates run on the version about to be promoted, and nothing is promoted unless all pass.
import { afterEach, describe, expect, it } from "vitest";
import { bodiesOf, startAgentTestingProject } from "../support/agent-testing-project.js";
import type { FakeServiceOptions } from "../support/fake-service.js";
import type { ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

/** A gate made in the web page: required for promotion, with no file behind it. */
const GATE = {
  id: "scn-gate",
  name: "never promises a refund",
  pathway_id: "p",
  tester_persona_prompt: "You demand a refund.",
  is_required_for_promotion: true,
};

/** The project with its persona scenarios pushed and a draft (version 2) pushed. */
async function ready(options: FakeServiceOptions = {}): Promise<ReleaseProject> {
  project = await startAgentTestingProject({
    serverScenarios: [
      GATE,
      { ...GATE, id: "scn-off", name: "a gate switched off", enabled: false },
      { ...GATE, id: "scn-test", name: "not a gate", is_required_for_promotion: false },
    ],
    ...options,
  });
  expect((await project.run(["scenarios", "push", "personas"])).code).toBe(0);
  expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
  return project;
}

const publish = (...args: string[]) => project.run(["publish", "booking.json", "--require-pass", "personas", "--server", "--poll-interval", "1ms", ...args]);
const publishes = () => project.service.requestsTo("POST", /\/publish$/);

describe("pathway publish --require-pass --server", () => {
  it("runs the pushed scenarios and the service's enabled gates as one batch on the draft, then promotes it", async () => {
    await ready();
    const r = await publish("--format", "json");
    expect(r.code).toBe(0);
    const pushed = project.manifest().pathways[0]!.scenarios!.map((s: { id: string }) => s.id);
    expect(bodiesOf(project, "POST", /\/batch-run$/)).toEqual([{ scenario_ids: [...pushed, "scn-gate"], version_number: 2 }]);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ version: 2, ok: true, published: true, tests: { total: 3, passed: 3, failed: 0, errors: 0 } });
    expect(report.reason).toMatch(
      /^✔ promoted version 2 of pathway p to production \(3 of 3 scenarios passed on the service's Agent Testing; it matches booking\.json/,
    );
    expect(report.results.map((c: { name: string; file: string }) => [c.file, c.name])).toEqual([
      ["personas/dana.scenario.yaml", "a new patient books"],
      ["personas/sam.scenario.yaml", "an impatient caller books"],
      ["the service's scenario scn-gate", "never promises a refund"],
    ]);
    expect(JSON.parse(publishes()[0]!.body)).toEqual({ version_id: 2, environment: "production" });
  });

  it("promotes nothing (exit 1) when a gate made in the web page fails, naming it", async () => {
    await ready({ agentTesting: { outcomes: { "never promises a refund": "FAILED" } } });
    const r = await publish();
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "Not promoted: 1 of 3 scenarios did not pass on the service's Agent Testing against version 2: never promises a refund in the service's scenario scn-gate (failed). See them with `pathway test personas --server --pathway-version 2`.",
    );
    expect(publishes()).toEqual([]);
  });

  it("promotes nothing (exit 1) when a pushed scenario fails; with --repeat, a simulation set on the version decides", async () => {
    await ready({ agentTesting: { passRates: { "a new patient books": 0.5 } } });
    const r = await publish("--repeat", "4", "--min-pass-rate", "0.75");
    expect(r.code).toBe(1);
    expect(bodiesOf(project, "POST", /\/simulation-sets$/)[0]).toMatchObject({ simulations_per_scenario: 4, pathway_id: "p", version_number: 2 });
    expect(r.stdout).toContain("a new patient books in personas/dana.scenario.yaml (failed)");
    expect(publishes()).toEqual([]);
  });

  it("stops (exit 2, nothing promoted) when a pushed scenario changed since its push", async () => {
    await ready();
    project.write("personas/sam.scenario.yaml", project.read("personas/sam.scenario.yaml").replace("max_turns: 12", "max_turns: 8"));
    const r = await publish();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("an impatient caller books in personas/sam.scenario.yaml (could not run)");
    expect(publishes()).toEqual([]);
  });

  it("--dry-run says where the scenarios would run and runs nothing; --server alone is a usage error", async () => {
    await ready();
    const dry = await publish("--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("after running personas on the service's Agent Testing against it");
    expect(project.service.requestsTo("POST", /batch-run|simulation-sets/)).toEqual([]);
    const alone = await project.run(["publish", "booking.json", "--server"]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain("--server says where --require-pass's scenarios run");
  });
});
