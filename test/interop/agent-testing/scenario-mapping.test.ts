// A persona scenario file as the service's Agent Testing scenario and back: the documented fields, node ids never names, what is said rather than guessed, and what an update would change.
import { describe, expect, it } from "vitest";
import { getScenarioChanges } from "../../../src/interop/agent-testing/changes.js";
import { fromServerScenario } from "../../../src/interop/agent-testing/from-server.js";
import { DEFAULT_JUDGE_THRESHOLD, toServerScenario, type NodeRef } from "../../../src/interop/agent-testing/to-server.js";
import { loadScenario, type Scenario } from "../../../src/simulate/scenario.js";

const NODES: NodeRef[] = [
  { id: "n-greet", name: "Greeting" },
  { id: "n-booked", name: "Booked" },
  { id: "n-twin-1", name: "Twin" },
  { id: "n-twin-2", name: "Twin" },
];
const resolve = (ref: string) =>
  NODES.find((n) => n.id === ref) ??
  (NODES.filter((n) => n.name?.toLowerCase() === ref.toLowerCase()).length === 1 ? NODES.find((n) => n.name?.toLowerCase() === ref.toLowerCase()) : undefined);
const context = { pathway: "../booking.json", nodeById: (id: string) => NODES.find((n) => n.id === id), resolveNode: resolve };

function scenario(yaml: string): Scenario {
  const loaded = loadScenario(`pathway: ../booking.json\n${yaml}`);
  if (!loaded.ok) throw new Error(loaded.issues[0]!.message);
  return loaded.scenario;
}

const DANA = scenario(
  [
    "persona:",
    "  name: Dana",
    "  prompt: Book a cleaning.",
    "max_turns: 12",
    "start: Greeting",
    "request_data: { plan: gold }",
    "judges:",
    "  - Confirms the day",
    "  - criterion: Is polite",
    "    threshold: 0.9",
    "expect:",
    "  node: Booked",
    "  vars: { day: Tuesday }",
    "  path_contains: [Greeting, Booked]",
    "  ended: true",
    "webhooks:",
    "  n-greet: { status: 200 }",
  ].join("\n"),
);

describe("toServerScenario", () => {
  it("maps the persona, turns, request data and start node, expect.node to NODE_REACHED and each judge to LLM_JUDGE, by node id", () => {
    const draft = toServerScenario(DANA, "dana books", resolve);
    expect(draft.problems).toEqual([]);
    expect(draft.body).toEqual({
      name: "dana books",
      scenario_type: "AGENT",
      tester_persona_prompt: "Book a cleaning.",
      tester_persona_name: "Dana",
      max_turns: 12,
      request_data: { plan: "gold" },
      start_node_id: "n-greet",
      assertions: [
        { type: "NODE_REACHED", name: "expect.node: Booked", is_required: true, config: { node_id: "n-booked" } },
        {
          type: "LLM_JUDGE",
          name: "judge 1: Confirms the day",
          is_required: true,
          config: { prompt: "Confirms the day", output_type: "score", threshold: DEFAULT_JUDGE_THRESHOLD },
        },
        { type: "LLM_JUDGE", name: "judge 2: Is polite", is_required: true, config: { prompt: "Is polite", output_type: "score", threshold: 0.9 } },
      ],
    });
    expect(draft.assertions.map((a) => a.pointer)).toEqual(["/expect/node", "/judges/0", "/judges/1"]);
  });

  it("says what no documented assertion shape carries (variables, paths, how the call ended, webhook answers) instead of guessing one", () => {
    const draft = toServerScenario(DANA, "dana books", resolve);
    expect(draft.notSent.map((n) => n.pointer)).toEqual(["/webhooks", "/expect/vars", "/expect/path_contains", "/expect/ended"]);
    expect(draft.notSent[1]!.message).toBe("expect.vars: no documented assertion shape (VARIABLE_EXTRACTED's config is not documented); not sent");
    expect(JSON.stringify(draft.body)).not.toMatch(/VARIABLE_EXTRACTED|NODES_VISITED|TRAVERSAL_MATCH|PATHWAY_NODES_REACHED/);
  });

  it("refuses a node the pathway file does not have (or names twice), max_turns over the service's 50, and a scripted scenario", () => {
    const missing = toServerScenario(scenario("persona: Someone\nmax_turns: 60\nstart: Twin\nexpect:\n  node: Nowhere"), "x", resolve);
    expect(missing.problems.map((p) => p.pointer)).toEqual(["/max_turns", "/start", "/expect/node"]);
    expect(missing.problems[0]!.message).toBe("max_turns 60 is over the service's 50");
    expect(missing.problems[2]!.message).toContain('expect.node "Nowhere" is no node of the pathway file');
    const scripted = toServerScenario(scenario("turns:\n  - user: hi"), "x", resolve);
    expect(scripted.problems[0]!.pointer).toBe("/persona");
  });

  it("sends a one-string persona without a name, and the defaults the documentation gives (20 turns, normal start, no data)", () => {
    expect(toServerScenario(scenario("persona: A caller in a hurry."), "x", resolve).body).toEqual({
      name: "x",
      scenario_type: "AGENT",
      tester_persona_prompt: "A caller in a hurry.",
      max_turns: 20,
      request_data: {},
      start_node_id: null,
      assertions: [],
    });
  });
});

describe("getScenarioChanges", () => {
  const desired = toServerScenario(DANA, "dana books", resolve).body;
  const held = {
    id: "s1",
    org_id: "o",
    enabled: true,
    ...desired,
    assertions: (desired.assertions as object[]).map((a, i) => ({ ...a, id: `a${i}`, weight: 1, order: i })),
  };

  it("finds nothing to send when the service holds the file's fields (its ids, defaults and empty forms aside)", () => {
    expect(getScenarioChanges(desired, held)).toEqual({ update: {}, fields: [], dropped: [] });
    expect(getScenarioChanges({ ...desired, request_data: {}, start_node_id: null }, { ...held, request_data: null, start_node_id: undefined }).fields).toEqual(
      [],
    );
  });

  it("sends only the fields that differ, and the assertions whole (an update replaces them all)", () => {
    const changes = getScenarioChanges({ ...desired, max_turns: 15 }, { ...held, assertions: [(held.assertions as object[])[0]] });
    expect(changes.fields).toEqual(["max_turns", "assertions"]);
    expect(changes.update).toEqual({ max_turns: 15, assertions: desired.assertions });
    expect(changes.dropped).toEqual([]);
  });

  it("lists the assertions an update would remove that pathwaykit did not make (added in the web page)", () => {
    const web = { id: "w", type: "VARIABLE_EXTRACTED", name: "captures the day", config: { variableName: "day" }, order: 9 };
    const changes = getScenarioChanges(desired, { ...held, assertions: [...(held.assertions as object[]), web] });
    expect(changes.fields).toEqual(["assertions"]);
    expect(changes.dropped).toEqual([{ name: "captures the day", type: "VARIABLE_EXTRACTED" }]);
  });

  it("does not count as lost a web-page assertion the file holds too (a pulled node or judge, named in the web page)", () => {
    const pulled = { id: "w", type: "NODE_REACHED", name: "reaches booked", config: { node_id: "n-booked" } };
    const changes = getScenarioChanges(desired, { ...held, assertions: [pulled, ...(held.assertions as object[]).slice(1)] });
    expect(changes.fields).toEqual(["assertions"]);
    expect(changes.dropped).toEqual([]);
  });
});

describe("fromServerScenario", () => {
  it("writes the service's scenario as a persona scenario: nodes by name where the name is unique, judges, and what a file cannot hold", () => {
    const pulled = fromServerScenario(
      {
        id: "s9",
        name: "web made",
        scenario_type: "AGENT",
        tester_persona_prompt: "Angry about a bill.",
        tester_persona_name: "Ray",
        max_turns: 20,
        start_node_id: "n-twin-1",
        request_data: {},
        assertions: [
          { type: "NODE_REACHED", name: "reaches booked", config: { node_id: "n-booked" } },
          { type: "LLM_JUDGE", config: { prompt: "Stays calm", output_type: "score", threshold: 0.7 } },
          { type: "LLM_JUDGE", config: { prompt: "Apologises", output_type: "boolean" } },
          { type: "REGEX_MATCH", name: "says sorry", config: { pattern: "sorry" } },
          { type: "NODE_REACHED", name: "second node", config: { node_id: "n-greet" } },
        ],
      },
      context,
    );
    expect("scenario" in pulled && pulled.scenario).toEqual({
      name: "web made",
      pathway: "../booking.json",
      decider: "scripted",
      turns: [],
      persona: { name: "Ray", prompt: "Angry about a bill." },
      judges: ["Stays calm", "Apologises"],
      start: "n-twin-1",
      expect: { node: "Booked" },
    });
    expect("notWritten" in pulled && pulled.notWritten).toEqual([
      'LLM_JUDGE: output_type "boolean" (written as a judge; a push sends it as a score)',
      'REGEX_MATCH "says sorry"',
      'NODE_REACHED "second node" (a file expects one node)',
    ]);
  });

  it("skips what a scenario file cannot be: a REPLAY scenario, a scenario with no tester persona", () => {
    expect(fromServerScenario({ id: "r", name: "r", scenario_type: "REPLAY", tester_persona_prompt: "x" }, context)).toEqual({
      skipped: expect.stringContaining("a REPLAY scenario") as unknown,
    });
    expect(fromServerScenario({ id: "r", name: "r" }, context)).toEqual({ skipped: "it has no tester persona prompt for a caller model to play" });
  });

  it("round-trips: a pushed file pulled back pushes nothing", () => {
    const draft = toServerScenario(DANA, "dana books", resolve);
    const pulled = fromServerScenario({ id: "s1", ...draft.body }, context);
    if (!("scenario" in pulled)) throw new Error(pulled.skipped);
    const again = toServerScenario(pulled.scenario, "dana books", resolve);
    expect(getScenarioChanges(again.body, { id: "s1", ...draft.body }).fields).toEqual([]);
  });
});
