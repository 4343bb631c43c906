// `pathway test --server` against the loopback fake: the pushed scenarios as one batch on a version, polled to the end, reported per scenario and assertion in every format, with exit 1 on a failure.
import { afterEach, describe, expect, it } from "vitest";
import { bodiesOf, personaScenario, startAgentTestingProject } from "../support/agent-testing-project.js";
import type { FakeServiceOptions } from "../support/fake-service.js";
import type { ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

/** The project with both persona scenarios pushed; `--poll-interval 1ms` keeps every wait short. */
async function pushed(options: FakeServiceOptions = {}): Promise<ReleaseProject> {
  project = await startAgentTestingProject(options);
  expect((await project.run(["scenarios", "push", "personas"])).code).toBe(0);
  return project;
}

const test = (...args: string[]) => project.run(["test", "personas", "--server", "--poll-interval", "1ms", ...args]);
const batches = () => bodiesOf(project, "POST", /\/batch-run$/);
const ids = () => project.manifest().pathways[0]!.scenarios!.map((s: { id: string }) => s.id);

describe("pathway test --server", () => {
  it("runs the pushed scenarios as one batch on production and passes (exit 0) on a PASSED batch, per assertion", async () => {
    await pushed({ agentTesting: { runningPolls: 2 } });
    const r = await test();
    expect(r.code).toBe(0);
    expect(batches()).toEqual([{ scenario_ids: ids() }]);
    expect(project.service.requestsTo("GET", /\/batches\//)).toHaveLength(3);
    expect(r.stdout).toContain("✔ a new patient books [service]");
    expect(r.stdout).toMatch(
      /service: run run-\d+ PASSED, score 0\.95\n {6}✔ expect\.node: Booked \(NODE_REACHED\)\n {6}✔ judge 1: The agent confirms the booking \(LLM_JUDGE\), score 0\.9/,
    );
    // What the service does not check is said beside the scenario.
    expect(r.stdout).toContain("warning not checked on the service: expect.vars: no documented assertion shape");
    expect(r.stdout).toMatch(/✔ 2 passed, 0 failed \(2 scenarios/);
    expect(r.stderr).toMatch(/^pathway: batch batch-\d+ of pathway p started on the service; waiting for it \(Ctrl-C stops waiting\)\.$/m);
  });

  it("exits 1 on a FAILED batch, naming the scenario and the assertion at its line in the file", async () => {
    await pushed({ agentTesting: { outcomes: { "a new patient books": "FAILED" }, failing: { "a new patient books": ["expect.node: Booked"] } } });
    const r = await test();
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("✖ a new patient books [service]");
    expect(r.stdout).toMatch(/expect\.node: Booked \(NODE_REACHED\) failed on the service\n {6}at personas\/dana\.scenario\.yaml:12:9/);
    expect(r.stdout).toMatch(/conversation:\n {6}agent: {2}Hi, this is the clinic\.\n {6}caller: I am Dana Reyes\./);
    expect(r.stdout).toMatch(/✖ 1 passed, 1 failed/);
  });

  it("exits 1 when the service errored a run, with its error message", async () => {
    await pushed({ agentTesting: { outcomes: { "an impatient caller books": "ERROR" } } });
    const r = await test("--format", "json");
    expect(r.code).toBe(1);
    const failed = JSON.parse(r.stdout).results.find((c: { name: string }) => c.name === "an impatient caller books");
    expect(failed).toMatchObject({
      status: "failed",
      mode: "server",
      failures: [{ message: "the service could not run it (ERROR): Invalid start_node_id" }],
      server: { status: "ERROR", error: "Invalid start_node_id" },
    });
  });

  it("sends the version asked for as version_number: a number, the manifest's draft; staging the service does not report is exit 2", async () => {
    await pushed();
    expect((await test("--pathway-version", "1")).code).toBe(0);
    expect(batches().at(-1)).toEqual({ scenario_ids: ids(), version_number: 1 });
    const json = JSON.parse((await test("--pathway-version", "1", "-f", "json")).stdout);
    expect(json.results[0].pathwayVersion).toMatchObject({ requested: "1", version: 1, hash: expect.stringMatching(/^sha256:/) as unknown });
    expect(json.server).toEqual([{ pathwayId: "p", batchId: expect.any(String) as unknown, status: "PASSED", finished: true }]);
    expect((await project.run(["push", "booking.json", "--draft"])).code).toBe(0);
    expect((await test("--pathway-version", "draft")).code).toBe(0);
    expect(batches().at(-1)!.version_number).toBe(2);
    const staging = await test("--pathway-version", "staging");
    expect(staging.code).toBe(2);
    expect(staging.stdout).toContain("does not say which version of pathway p is in staging");
  });

  it("reports per assertion in JUnit (properties and the failure body) and TAP", async () => {
    await pushed({ agentTesting: { outcomes: { "a new patient books": "FAILED" }, failing: { "a new patient books": ["judge 2: The agent is polite"] } } });
    const junit = await test("-f", "junit");
    expect(junit.code).toBe(1);
    expect(junit.stdout).toContain('<property name="assertion1" value="pass: expect.node: Booked (NODE_REACHED)"/>');
    expect(junit.stdout).toContain('<property name="assertion3" value="fail 0.2: judge 2: The agent is polite (LLM_JUDGE)"/>');
    expect(junit.stdout).toMatch(
      /<failure message="judge 2: The agent is polite \(LLM_JUDGE\) failed on the service, score 0\.2: judged judge 2: The agent is polite"/,
    );
    expect(junit.stdout).toContain("at personas/dana.scenario.yaml:9:5");
    const tap = await test("-f", "tap");
    expect(tap.stdout).toMatch(/not ok 1 - personas\/dana\.scenario\.yaml > a new patient books\n {2}---\n {2}message: "judge 2: The agent is polite/);
    expect(tap.stdout).toContain('    - "  ✖ judge 2: The agent is polite (LLM_JUDGE), score 0.2: judged judge 2: The agent is polite"');
    expect(tap.stdout).toMatch(/^ok 2 - personas\/sam\.scenario\.yaml > an impatient caller books\n# service: run run-\d+ PASSED/m);
  });

  it("says a scenario not pushed, or changed since its push, could not run (exit 2), and runs the others", async () => {
    await pushed();
    project.write("personas/new.scenario.yaml", personaScenario("a third caller"));
    project.write("personas/sam.scenario.yaml", project.read("personas/sam.scenario.yaml").replace("max_turns: 12", "max_turns: 9"));
    const r = await test();
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("not pushed to the service's Agent Testing yet: run `pathway scenarios push personas/new.scenario.yaml` first");
    expect(r.stdout).toMatch(
      /the service's scenario scn-\d+ differs from the file \(max_turns\): run `pathway scenarios push personas\/sam\.scenario\.yaml` first/,
    );
    expect(batches()).toEqual([{ scenario_ids: [ids()[0]] }]);
  });

  it("--repeat runs a simulation set (simulations_per_scenario) and checks each pass rate against --min-pass-rate", async () => {
    await pushed({ agentTesting: { passRates: { "a new patient books": 0.6 } } });
    const r = await test("--repeat", "5", "--min-pass-rate", "0.8");
    expect(r.code).toBe(1);
    expect(bodiesOf(project, "POST", /\/simulation-sets$/)).toEqual([{ scenario_ids: ids(), simulations_per_scenario: 5, pathway_id: "p" }]);
    expect(batches()).toEqual([]);
    expect(r.stdout).toContain("✖ a new patient books [service] 60% of 5 runs passed");
    expect(r.stdout).toContain("passed 3 of 5 runs on the service (60%), below the 80% asked (--min-pass-rate)");
    expect(r.stdout).toMatch(/service: run run-\d+ FAILED, score 0\.3 \(flaky\)/);
    expect(r.stdout).toContain("failure modes: the caller was not understood");
    expect(r.stdout).toContain("✔ an impatient caller books [service] 100% of 5 runs passed");
    expect((await test("--repeat", "5", "--min-pass-rate", "0.6")).code).toBe(0);
  });

  it("--explain prints the analysis of the failed run beside the node it names, by the local file's name", async () => {
    await pushed({ agentTesting: { outcomes: { "a new patient books": "FAILED" } } });
    const r = await test("--explain");
    expect(r.code).toBe(1);
    expect(project.service.requestsTo("POST", /\/analyze$/)).toHaveLength(1);
    expect(r.stdout).toMatch(
      /analysis: The agent never asked for the appointment time\.\n {6}at "Booked" \(booked\): Ask for the time before confirming\. → Add: 'What time suits you\?' \(prompt_change, confidence 80%\)/,
    );
    expect(JSON.parse((await test("--explain", "-f", "json")).stdout).results[0].server.analysis.suggestions[0]).toEqual({
      nodeId: "booked",
      nodeName: "Booked",
      type: "prompt_change",
      description: "Ask for the time before confirming.",
      change: "Add: 'What time suits you?'",
      confidence: 0.8,
    });
  });

  it("stops waiting at --max-wait: a batch still RUNNING could not run (exit 2) and may go on on the service", async () => {
    await pushed({ agentTesting: { runningPolls: Number.POSITIVE_INFINITY } });
    const r = await test("--max-wait", "1ms");
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(
      /not finished within the time limit \(1 ms; --max-wait\): batch batch-\d+ may still run on the service \(there is no documented way to cancel it\)/,
    );
    expect(JSON.parse((await test("--max-wait", "1ms", "-f", "json")).stdout).server[0]).toMatchObject({
      status: "RUNNING",
      finished: false,
      stopped: "time limit",
    });
  });

  it("waits out a 429 while polling, and refuses flags of runs made here", async () => {
    await pushed();
    project.service.addFault({ type: "status", status: 429, retryAfter: "0" }, "GET", /\/batches\//);
    project.service.addFault({ type: "status", status: 429, retryAfter: "0" }, "GET", /\/batches\//);
    project.service.addFault({ type: "status", status: 429, retryAfter: "0" }, "GET", /\/batches\//);
    project.service.addFault({ type: "status", status: 429, retryAfter: "0" }, "GET", /\/batches\//);
    const r = await test("--retries", "0");
    expect(r.code).toBe(0);
    expect(project.service.requestsTo("GET", /\/batches\//)).toHaveLength(5);
    const mixed = await test("--live", "--coverage");
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain("--live, --coverage are for runs made here: leave them out");
    const explain = await project.run(["test", "personas", "--explain"]);
    expect(explain.code).toBe(2);
    expect(explain.stderr).toContain("--explain asks the service to analyse the runs of --server: add --server.");
  });

  it("refuses before any run a scenario whose node the version lacks (the service would fail it)", async () => {
    await pushed();
    project.service.versions
      .get("p")!
      .push({ name: "Booking", nodes: [{ id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi" } }], edges: [] });
    const r = await test("--pathway-version", "2");
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('node "booked" is not in version 2 of pathway p');
    expect(batches()).toEqual([]);
  });
});
