// Scenario files: the schema's errors point at the line, JSON files load too, and the runner reports expected vs actual.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { readFileSync } from "node:fs";
import { corpusValue, itCorpus } from "../support/corpus.js";
import type { Pathway } from "../../src/model/index.js";
import { loadScenario, runScenario, type LoadedScenario } from "../../src/simulate/index.js";

const receptionist = corpusValue<Pathway>("receptionist-auto-shop.json");

function issues(text: string) {
  const loaded = loadScenario(text);
  expect(loaded.ok).toBe(false);
  return (loaded as Extract<LoadedScenario, { ok: false }>).issues;
}

function load(text: string) {
  const loaded = loadScenario(text);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return loaded;
}

describe("loadScenario", () => {
  it("points an unknown key at its line and column", () => {
    const [issue] = issues("pathway: p.json\nturns:\n  - user: hi\n    tkae: Greeting\n");
    expect(issue).toMatchObject({ line: 4, column: 5, pointer: "/turns/0/tkae" });
    expect(issue!.message).toMatch(/unknown key "tkae"/);
  });

  it("points a value of the wrong type at the value", () => {
    const [issue] = issues("pathway: p.json\nmax_turns: many\nturns: []\n");
    expect(issue).toMatchObject({ line: 2, column: 12, pointer: "/max_turns" });
  });

  it("reports a missing required key at its parent", () => {
    const [issue] = issues("pathway: p.json\nturns:\n  - take: Greeting\n");
    expect(issue).toMatchObject({ line: 3, pointer: "/turns/0/user" });
    expect(issue!.message).toMatch(/required/);
  });

  it("names the place in the message as a key path, as config, manifest and baseline errors do", () => {
    expect(issues("pathway: p.json\nturns:\n  - take: Greeting\n")[0]!.message).toBe("turns[0].user: required, missing");
    expect(issues("pathway: p.json\nturns:\n  - user: hi\n    tkae: Greeting\n")[0]!.message).toBe(
      'unknown key "tkae" in turns[0]; check the spelling (see https://github.com/pathwaykit/pathwaykit/blob/main/docs/scenarios.md#scenario-files)',
    );
  });

  it("reports YAML syntax errors with their line", () => {
    const [issue] = issues("pathway: p.json\nturns:\n  - user: [unclosed\n");
    expect(issue!.message).toMatch(/^YAML syntax/);
    expect(issue!.line).toBeGreaterThanOrEqual(3);
  });

  it("rejects an invalid regular expression in said.matches", () => {
    const [issue] = issues('pathway: p.json\nturns:\n  - user: hi\n    expect:\n      said: { matches: "(" }\n');
    expect(issue).toMatchObject({ line: 5, pointer: "/turns/0/expect/said/matches" });
  });

  it("loads JSON scenario files with positions", () => {
    const loaded = load('{\n  "pathway": "p.json",\n  "turns": [\n    {"user": "hi", "take": "x"}\n  ]\n}');
    expect(loaded.scenario.turns[0]).toEqual({ user: "hi", take: "x" });
    expect(loaded.locate(["turns", 0, "take"])).toEqual({ line: 4, column: 28 });
  });
});

describe("runScenario", () => {
  itCorpus("passes a real booking call and fails with expected against actual and the trace up to the failure", () => {
    const text = [
      "pathway: receptionist.json",
      "turns:",
      "  - user: I want to book",
      "    take: Offer Availability",
      "  - user: nine please",
      "    take: Caller And Vehicle Details",
      "    expect:",
      "      node: Capture Service List",
      "  - user: never reached",
    ].join("\n");
    const loaded = load(text);
    const result = runScenario(receptionist, loaded.scenario, { locate: loaded.locate });
    expect(result.status).toBe("failed");
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({
      turn: 2,
      line: 8,
      expected: "Capture Service List",
      actual: '"Caller And Vehicle Details" (id d4000000-0000-4000-8000-000000000004)',
    });
    expect(result.trace.filter((e) => e.type === "user").map((e) => (e as { text: string }).text)).toEqual(["I want to book", "nine please"]);
  });

  itCorpus("fails a take that is not a choice at the take's line", () => {
    const loaded = load("pathway: r.json\nturns:\n  - user: hi\n    take: Wrap Up\n");
    const result = runScenario(receptionist, loaded.scenario, { locate: loaded.locate });
    expect(result.failures[0]).toMatchObject({ line: 4, turn: 1 });
    expect(result.failures[0]!.message).toMatch(/take: "Wrap Up" is not a choice here/);
  });

  itCorpus("fails a scenario whose turns continue after the call ended", () => {
    const loaded = load("pathway: r.json\nturns:\n  - user: robot?\n    take: AI Disclosure\n  - user: human\n    take: Transfer To Human\n  - user: hello?\n");
    const result = runScenario(receptionist, loaded.scenario, { locate: loaded.locate });
    expect(result.failures[0]!.message).toMatch(/already transferred .* 1 more turn/);
    expect(result.failures[0]!.line).toBe(7);
  });

  itCorpus("fails an expectation naming a node the pathway does not have, saying so", () => {
    const loaded = load("pathway: r.json\nturns: []\nexpect:\n  node: Nowhere\n");
    const result = runScenario(receptionist, loaded.scenario, { locate: loaded.locate });
    expect(result.failures[0]!.message).toMatch(/"Nowhere" is not a node of the pathway/);
  });

  itCorpus("checks the end: transfer number and the visited path", () => {
    const loaded = load(
      "pathway: r.json\nturns:\n  - user: bot?\n    take: AI Disclosure\n  - user: person\n    take: Transfer To Human\nexpect:\n  transferred_to: '+15550000000'\n  path: [Greeting, AI Disclosure, Transfer To Human]\n",
    );
    expect(runScenario(receptionist, loaded.scenario).status).toBe("passed");
  });

  itCorpus("warns about variables the agent used before they were set", () => {
    const loaded = load(
      "pathway: r.json\nwebhooks: {Text VIN And Parts Links: {status: 200}}\nturns:\n" +
        ["Offer Availability", "Caller And Vehicle Details", "Capture Service List", "Text VIN And Parts Links"]
          .map((t) => `  - user: ok\n    take: ${t}\n`)
          .join(""),
    );
    const result = runScenario(receptionist, loaded.scenario);
    expect(result.status).toBe("passed");
    expect(result.warnings).toContain('{{appointment_day}} was not set when "Wrap Up" (id g9000000-0000-4000-8000-000000000009) spoke (turn 4)');
  });
});

describe("global auto-return in scenarios", () => {
  it("decides a take after the return at the interrupted node without failing the turn", async () => {
    const { readFileSync: read } = await import("node:fs");
    const booking = JSON.parse(read("pathways/appointment-booking.json", "utf8")) as Pathway;
    const pathway = structuredClone(booking);
    const human = pathway.nodes.find((n) => "id" in n && n.id === "talk-to-human") as { data: Record<string, unknown> };
    human.data.enableGlobalAutoReturn = true;
    const loaded = load(
      "pathway: p.json\nturns:\n  - user: book\n    take: Collect appointment details\n  - user: a person?\n    take: Talk to a human\n  - user: never mind, Jo, Monday at 9\n    take: All appointment details are collected\n    webhooks: {Check availability: {status: 200, body: {available: true}}}\n    expect: {node: Confirm booking}\n",
    );
    const result = runScenario(pathway, loaded.scenario);
    expect(result.failures).toEqual([]);
    expect(result.path).toEqual(["greeting", "collect-details", "talk-to-human", "collect-details", "check-availability", "confirm-booking"]);
  });
});

describe("YAML pitfalls", () => {
  it("reads numeric node and edge ids written bare (take: 2) as the ids they spell", () => {
    const pathway = {
      nodes: [
        { id: "1", type: "Default", data: { isStart: true, text: "a" } },
        { id: "2", type: "End Call", data: { text: "b" } },
      ],
      edges: [{ id: "7", source: "1", target: "2", label: "go" }],
    } as Pathway;
    const loaded = load("pathway: p.json\nturns:\n  - user: go\n    take: 7\n    expect: { node: 2 }\nexpect:\n  path: [1, 2]\n");
    expect(runScenario(pathway, loaded.scenario).failures).toEqual([]);
  });

  it("asks for quotes around a transfer number YAML would read as a number", () => {
    const [issue] = issues("pathway: p.json\nexpect:\n  transferred_to: +15550000000\n");
    expect(issue).toMatchObject({ line: 3, column: 19 });
    expect(issue!.message).toMatch(/quote it/);
  });
});

describe("getScenarioJsonSchema", () => {
  it("is a JSON Schema that accepts every scenario file in the repository and rejects a misspelt key", async () => {
    const { Ajv2020 } = await import("ajv/dist/2020.js");
    const { parse } = await import("yaml");
    const { globSync } = await import("tinyglobby");
    const { getScenarioJsonSchema } = await import("../../src/simulate/index.js");
    const validate = new Ajv2020({ strict: false }).compile(getScenarioJsonSchema());
    const files = globSync(["pathways/scenarios/**/*.scenario.yaml", "test/fixtures/scenarios/**/*.scenario.yaml"]);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect({ file, ok: validate(parse(readFileSync(file, "utf8"))) }).toEqual({ file, ok: true });
    expect(validate({ pathway: "p.json", turns: [{ user: "hi", tkae: "x" }] })).toBe(false);
  });

  it("describes the call: block, a turn's transfer outcome and transferred_to_pathway, and rejects what they do not allow", async () => {
    const { Ajv2020 } = await import("ajv/dist/2020.js");
    const { getScenarioJsonSchema } = await import("../../src/simulate/index.js");
    const validate = new Ajv2020({ strict: false }).compile(getScenarioJsonSchema());
    const ok = {
      pathway: "p.json",
      call: { from: "+14155550123", now: "2025-01-06T09:00:00Z" },
      turns: [{ user: "hi", transfer: "not-answered" }],
      expect: { transferred_to_pathway: "PW-1" },
    };
    expect(validate(ok)).toBe(true);
    expect(validate({ ...ok, call: { form: "+1" } })).toBe(false);
    expect(validate({ ...ok, turns: [{ user: "hi", transfer: "busy" }] })).toBe(false);
  });
});

describe("loadScenario's fast path", () => {
  // Valid files without anchors, aliases or tags are read by js-yaml; everything else by the document parser. Both
  // must give the same scenario, and the fast path must still place a later failure at its line.
  const scalar = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constantFrom("yes", "no", "on", "10:30", "2025-01-06", "0o17", "1e3", ".inf", "~", "null", "<<"),
  );
  const turn = fc.record(
    {
      user: fc.string(),
      take: fc.option(fc.oneof(fc.string({ minLength: 1 }), fc.integer()), { nil: undefined }),
      vars: fc.option(fc.dictionary(fc.string({ minLength: 1 }), scalar), { nil: undefined }),
    },
    { requiredKeys: ["user"] },
  );
  const scenario = fc.record({
    name: fc.string(),
    pathway: fc.string({ minLength: 1 }),
    request_data: fc.dictionary(fc.string({ minLength: 1 }), scalar),
    turns: fc.array(turn, { maxLength: 4 }),
  });

  it("gives the same scenario as the document parser for any file it reads", () => {
    fc.assert(
      fc.property(scenario, (value) => {
        const text = stringify(JSON.parse(JSON.stringify(value)));
        const fast = loadScenario(text);
        // The same text with a comment holding "&" takes the full parser.
        const full = loadScenario(`# & full parser\n${text}`);
        expect(fast.ok).toBe(full.ok);
        if (fast.ok && full.ok) expect(fast.scenario).toEqual(full.scenario);
      }),
      { numRuns: 200 },
    );
  });

  it("places a turn's expectation on its line when asked after a fast read", () => {
    const loaded = loadScenario("pathway: p.json\nturns:\n  - user: hi\n    expect:\n      node: Greeting\n");
    expect(loaded.ok && loaded.locate(["turns", 0, "expect", "node"])).toEqual({ line: 5, column: 13 });
  });
});
