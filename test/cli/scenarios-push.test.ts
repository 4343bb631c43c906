// `pathway scenarios push` against the loopback fake: a first push creates, a second updates in place with only what changed, --dry-run shows the bodies, web-page work is not lost, keys are never printed.
import { afterEach, describe, expect, it } from "vitest";
import { ECHO_KEY } from "../support/fake-service.js";
import { bodiesOf, personaScenario, startAgentTestingProject } from "../support/agent-testing-project.js";
import type { ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

const posts = () => bodiesOf(project, "POST", /^\/v1\/agent-testing\/scenarios$/);
const puts = () => project.service.requestsTo("PUT", /^\/v1\/agent-testing\/scenarios\//);
const held = () => [...project.service.agentTesting.scenarios.values()];

describe("pathway scenarios push", () => {
  it("creates one scenario per persona file with the documented fields, records it by name, and leaves scripted files out", async () => {
    project = await startAgentTestingProject();
    const r = await project.run(["scenarios", "push", "personas", "scenarios", "--format", "json"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.scenarios.map((s: { action: string; name: string }) => [s.action, s.name])).toEqual([
      ["created", "a new patient books"],
      ["created", "an impatient caller books"],
    ]);
    expect(report.scripted).toEqual(["scenarios/books.scenario.yaml: scripted turns run here or with --live; only persona scenarios run on the service"]);
    expect(posts()[0]).toEqual({
      name: "a new patient books",
      scenario_type: "AGENT",
      tester_persona_prompt: "You want a cleaning next Tuesday at 10:30 and answer in few words.",
      tester_persona_name: "Dana Reyes",
      max_turns: 12,
      request_data: {},
      start_node_id: null,
      pathway_id: "p",
      assertions: [
        { type: "NODE_REACHED", name: "expect.node: Booked", is_required: true, config: { node_id: "booked" } },
        {
          type: "LLM_JUDGE",
          name: "judge 1: The agent confirms the booking",
          is_required: true,
          config: { prompt: "The agent confirms the booking", output_type: "score", threshold: 0.7 },
        },
        {
          type: "LLM_JUDGE",
          name: "judge 2: The agent is polite",
          is_required: true,
          config: { prompt: "The agent is polite", output_type: "score", threshold: 0.8 },
        },
      ],
    });
    // expect.vars has no documented assertion shape: said, with its line, and not sent.
    expect(report.scenarios[0].notSent).toEqual([
      {
        pointer: "/expect/vars",
        line: 13,
        column: 9,
        message: "expect.vars: no documented assertion shape (VARIABLE_EXTRACTED's config is not documented); not sent",
      },
    ]);
    expect(project.manifest().pathways[0]).toMatchObject({
      file: "booking.json",
      id: "p",
      scenarios: [
        { name: "a new patient books", id: report.scenarios[0].id, file: "personas/dana.scenario.yaml" },
        { name: "an impatient caller books", file: "personas/sam.scenario.yaml" },
      ],
    });
  });

  it("updates in place on a second push, sending only the fields that changed, and nothing when nothing did", async () => {
    project = await startAgentTestingProject();
    await project.run(["scenarios", "push", "personas"]);
    const again = await project.run(["scenarios", "push", "personas"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^unchanged personas\/dana\.scenario\.yaml: "a new patient books" \(scn-\d+\) on pathway p$/m);
    expect(puts()).toEqual([]);
    project.write("personas/dana.scenario.yaml", personaScenario().replace("max_turns: 12", "max_turns: 15").replace("threshold: 0.8", "threshold: 0.9"));
    const edited = await project.run(["scenarios", "push", "personas"]);
    expect(edited.stdout).toMatch(/^updated personas\/dana\.scenario\.yaml: "a new patient books" \(scn-\d+\) on pathway p \[max_turns, assertions\]$/m);
    expect(puts()).toHaveLength(1);
    const sent = JSON.parse(puts()[0]!.body);
    expect(Object.keys(sent)).toEqual(["max_turns", "assertions"]);
    expect(sent.max_turns).toBe(15);
    expect(posts()).toHaveLength(2);
    expect(held().find((s) => s.name === "a new patient books")).toMatchObject({ max_turns: 15 });
  });

  it("--dry-run prints the request bodies, sends no write and records nothing", async () => {
    project = await startAgentTestingProject();
    const r = await project.run(["scenarios", "push", "personas/dana.scenario.yaml", "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("would create personas/dana.scenario.yaml");
    expect(r.stdout).toContain("POST /v1/agent-testing/scenarios");
    expect(r.stdout).toContain('"node_id": "booked"');
    expect(r.stdout).toContain("(dry run: nothing was sent)");
    expect(project.service.requests.filter((q) => q.method !== "GET")).toEqual([]);
    expect(project.manifest().pathways[0]!).not.toHaveProperty("scenarios");
    await project.run(["scenarios", "push", "personas/dana.scenario.yaml"]);
    project.write("personas/dana.scenario.yaml", personaScenario().replace("max_turns: 12", "max_turns: 14"));
    const update = JSON.parse((await project.run(["scenarios", "push", "personas/dana.scenario.yaml", "--dry-run", "-f", "json"])).stdout);
    expect(update.scenarios[0]).toMatchObject({ action: "would update", fields: ["max_turns"], request: { method: "PUT", body: { max_turns: 14 } } });
    expect(puts()).toEqual([]);
  });

  it("--required marks the scenarios as promotion gates", async () => {
    project = await startAgentTestingProject();
    await project.run(["scenarios", "push", "personas/dana.scenario.yaml", "--required"]);
    expect(posts()[0]!.is_required_for_promotion).toBe(true);
    expect(held()[0]!.is_required_for_promotion).toBe(true);
    // Without the flag, a later push leaves the gate as it is.
    expect((await project.run(["scenarios", "push", "personas/dana.scenario.yaml"])).stdout).toMatch(/^unchanged/m);
  });

  it("adopts a scenario of the same name made in the web page, refuses to remove its assertions (exit 1), and --force replaces them", async () => {
    project = await startAgentTestingProject({
      serverScenarios: [
        {
          id: "scn-web",
          name: "a new patient books",
          pathway_id: "p",
          tester_persona_prompt: "old",
          assertions: [{ type: "VARIABLE_EXTRACTED", name: "captures the day", config: { variableName: "day" } }],
        },
      ],
    });
    const r = await project.run(["scenarios", "push", "personas/dana.scenario.yaml"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('refused personas/dana.scenario.yaml: "a new patient books" (scn-web)');
    expect(r.stdout).toContain(
      'updating it would remove 1 assertion made on the service that the file cannot hold (VARIABLE_EXTRACTED "captures the day"); pass --force',
    );
    expect(puts()).toEqual([]);
    expect(posts()).toEqual([]);
    const forced = await project.run(["scenarios", "push", "personas/dana.scenario.yaml", "--force"]);
    expect(forced.code).toBe(0);
    expect(JSON.parse(puts()[0]!.body)).toMatchObject({ tester_persona_prompt: expect.stringContaining("cleaning") as unknown });
    expect(project.manifest().pathways[0]!.scenarios).toMatchObject([{ id: "scn-web" }]);
  });

  it.each(["documented", "array", "data"] as const)(
    "finds the web page's scenario of the same name in a list answered %s, and updates it instead of making a second",
    async (listShape) => {
      project = await startAgentTestingProject({
        agentTesting: { listShape },
        serverScenarios: [{ id: "scn-web", name: "a new patient books", pathway_id: "p", tester_persona_prompt: "old" }],
      });
      const r = await project.run(["scenarios", "push", "personas/dana.scenario.yaml", "-f", "json"]);
      expect(JSON.parse(r.stdout).scenarios[0]).toMatchObject({ action: "updated", id: "scn-web" });
      expect(posts()).toEqual([]);
    },
  );

  it("makes a scenario deleted in the web page again, and follows a renamed scenario by its file", async () => {
    project = await startAgentTestingProject();
    await project.run(["scenarios", "push", "personas/dana.scenario.yaml"]);
    const first = held()[0]!.id as string;
    project.write("personas/dana.scenario.yaml", personaScenario("Dana books a cleaning"));
    const renamed = await project.run(["scenarios", "push", "personas/dana.scenario.yaml"]);
    expect(renamed.stdout).toMatch(/^updated .*\(scn-\d+\).*\[name\]$/m);
    expect(held().map((s) => [s.id, s.name])).toEqual([[first, "Dana books a cleaning"]]);
    project.service.agentTesting.scenarios.clear();
    const again = await project.run(["scenarios", "push", "personas/dana.scenario.yaml"]);
    expect(again.stdout).toMatch(/^created /m);
    expect(project.manifest().pathways[0]!.scenarios).toHaveLength(1);
  });

  it("does not push a file whose node the pathway lacks, pointing at its line (exit 1), and pushes the others", async () => {
    project = await startAgentTestingProject();
    project.write("personas/dana.scenario.yaml", personaScenario().replace("node: Booked", "node: Checkout"));
    const r = await project.run(["scenarios", "push", "personas"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^not pushed personas\/dana\.scenario\.yaml: "a new patient books" on pathway p\n {2}problem personas\/dana\.scenario\.yaml:12:9: expect\.node "Checkout" is no node of the pathway file/m,
    );
    expect(r.stdout).toMatch(/^created personas\/sam\.scenario\.yaml/m);
  });

  it("refuses node references into a bland-cli project, whose ids on the service are not in the file", async () => {
    project = await startAgentTestingProject();
    project.write(
      "shop/bland-pathway.yaml",
      [
        "name: Shop",
        "nodes:",
        "  greeting:",
        "    prompt: Greet the caller.",
        "    edges:",
        "      - target: goodbye",
        "        label: done",
        "  goodbye:",
        "    type: End Call",
        "    prompt: Bye.",
        "",
      ].join("\n"),
    );
    const manifest = project.manifest();
    project.write(
      "pathwaykit.manifest.json",
      JSON.stringify({ ...manifest, pathways: [...manifest.pathways, { file: "shop/bland-pathway.yaml", id: "pw-shop" }] }),
    );
    project.write("shop/ends.scenario.yaml", "pathway: bland-pathway.yaml\npersona: A caller.\nexpect:\n  node: goodbye\n");
    project.write("shop/plain.scenario.yaml", "pathway: bland-pathway.yaml\npersona: A caller.\njudges: [Polite]\n");
    const r = await project.run(["scenarios", "push", "shop", "--dry-run", "-f", "json"]);
    expect(r.code).toBe(1);
    const [ends, plain] = JSON.parse(r.stdout).scenarios;
    expect(ends.problems[0].message).toContain("shop/bland-pathway.yaml is a bland-cli project, whose node ids on the service are not in the file");
    expect(plain).toMatchObject({ action: "would create", pathwayId: "pw-shop" });
  });

  it("says what the service refused in its words, with the key it echoed redacted, and goes on with the next file", async () => {
    project = await startAgentTestingProject();
    project.service.addFault({ type: "body", status: 400, body: JSON.stringify({ error: `rejected for key ${ECHO_KEY}` }) }, "POST", /\/scenarios$/);
    const r = await project.run(["scenarios", "push", "personas"]);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toContain(project.service.apiKey);
    expect(r.stdout).toContain("[redacted]");
    expect(r.stdout).toMatch(/^created personas\/sam\.scenario\.yaml/m);
  });

  it("needs the key, and a persona scenario to push (exit 2)", async () => {
    project = await startAgentTestingProject();
    const noKey = await project.run(["scenarios", "push", "personas"], { PATHWAYKIT_API_KEY: "" });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("set PATHWAYKIT_API_KEY");
    const scripted = await project.run(["scenarios", "push", "scenarios"]);
    expect(scripted.code).toBe(2);
    expect(scripted.stderr).toContain("names no persona scenario files");
  });
});
