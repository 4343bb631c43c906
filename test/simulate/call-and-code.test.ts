// System variables from a scenario's call: block, Custom Code nodes and node tools answered by scenario mocks, and the scenario keys for them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SYSTEM_VARIABLES } from "../../src/graph/variables.js";
import type { Pathway } from "../../src/model/index.js";
import { DEFAULT_CALL, getCallVariables, loadScenario, runScenario, type Scenario, type WebhookRequest } from "../../src/simulate/index.js";

const pathway = {
  nodes: [
    {
      id: "start",
      type: "Default",
      data: {
        name: "Greeting",
        isStart: true,
        text: "Hi, it is {{now}}; you called {{to}} from {{from}} ({{short_from}}), call {{call_id}} / {{callID}} in {{city}}.",
      },
    },
    {
      id: "code",
      type: "Custom Code",
      data: {
        name: "Look up",
        code: "export default { async fetch(request) { return Response.json({ tier: 'gold', credit: 12 }) } }",
        text: "Tier {{tier}}, credit {{credit}}.",
      },
    },
    {
      id: "tools",
      type: "Default",
      data: {
        name: "Quote",
        prompt: "Quote for a {{tier}} member.",
        tools: [
          {
            name: "PriceTool",
            type: "custom_tool",
            config: { tool: { tool: { name: "PriceTool", response_data: [{ name: "price", data: "$.data.price" }] } } },
          },
        ],
      },
    },
    { id: "end", type: "End Call", data: { name: "Bye", text: "Bye." } },
  ],
  edges: [
    { id: "e1", source: "start", target: "code", label: "look me up" },
    { id: "e2", source: "code", target: "tools", label: "quote" },
    { id: "e3", source: "tools", target: "end", label: "done" },
  ],
} as Pathway;

function scenario(yaml: string): Scenario {
  const loaded = loadScenario(yaml);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return loaded.scenario;
}

describe("system variables", () => {
  it("are always set, from the call: block over defaults, with a fixed clock", () => {
    const vars = getCallVariables({ from: "+14155550123", now: "2025-03-04T15:30:00Z" });
    expect(vars).toMatchObject({
      from: "+14155550123",
      short_from: "4155550123",
      to: DEFAULT_CALL.to,
      now_utc: "2025-03-04T15:30:00.000Z",
      call_id: DEFAULT_CALL.call_id,
      callID: DEFAULT_CALL.call_id,
    });
    expect(vars.now).toMatch(/Tuesday, March 4, 2025.*3:30.*PM UTC/);
    expect(() => getCallVariables({ now: "yesterday-ish" })).toThrow(/call\.now: "yesterday-ish" is not a date/);
  });

  it("cover every system variable the linter treats as always set, so test and lint agree ({{input}} once warned in test only)", () => {
    const vars = getCallVariables();
    expect(SYSTEM_VARIABLES.filter((name) => !(name in vars))).toEqual([]);
    expect(vars.input).toBe("");
    expect(getCallVariables(scenario("pathway: p.json\ncall: { input: typed digits }\nturns: []\n").call).input).toBe("typed digits");
  });

  it("say the clock as toLocaleString's en-US long form does, midnight and noon included", () => {
    const spoken = (iso: string) => getCallVariables({ now: iso }).now;
    expect(spoken("2025-01-06T00:05:00Z")).toBe("Monday, January 6, 2025 at 12:05 AM UTC");
    expect(spoken("2024-02-29T12:00:59Z")).toBe("Thursday, February 29, 2024 at 12:00 PM UTC");
    expect(spoken("2025-01-06T09:00:00+02:00")).toBe("Monday, January 6, 2025 at 7:00 AM UTC");
    // Any four-digit year: the same words as the locale data (older ICU writes ", " for " at ", newer a narrow space before AM).
    fc.assert(
      fc.property(fc.date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }), (date) => {
        const icu = date.toLocaleString("en-US", {
          timeZone: "UTC",
          weekday: "long",
          year: "numeric",
          month: "long",
          day: "numeric",
          hour: "numeric",
          minute: "2-digit",
        });
        expect(spoken(date.toISOString())).toBe(`${icu.replace(/, (\d+:)/, " at $1").replace(/\u202f/g, " ")} UTC`);
      }),
    );
  });

  it("leave no unset-variable warnings in a run, and the scenario's call: block fills them", () => {
    const s = scenario(`pathway: p.json\ncall:\n  from: "+14155550123"\n  call_id: abc\nturns: []\n`);
    const result = runScenario(pathway, s);
    expect(result.warnings).toEqual([]);
    const said = result.trace.find((e) => e.type === "say");
    expect(said).toMatchObject({ unset: [] });
    expect(said && "text" in said && said.text).toContain("from +14155550123 (4155550123), call abc / abc");
  });

  it("rejects a call: block with a clock that is not a date, naming the key", () => {
    const loaded = loadScenario(`pathway: p.json\ncall:\n  now: someday\nturns: []\n`);
    expect(loaded.ok).toBe(false);
    expect(!loaded.ok && loaded.issues[0]).toMatchObject({ pointer: "/call/now", line: 3 });
  });
});

describe("Custom Code and node tools", () => {
  it("set variables for later nodes from the scenario's answers: a code node's returned keys, a tool's response_data", () => {
    const s = scenario(`
pathway: p.json
webhooks:
  Look up: { status: 200, body: { tier: gold, credit: 12 } }
turns:
  - user: look me up
    take: e1
    expect: { vars: { tier: gold, credit: 12 } }
  - user: quote
    take: e2
    webhooks:
      PriceTool: { status: 200, body: { data: { price: 40 } } }
    expect: { vars: { price: 40 }, said: "Quote for a gold member." }
`);
    const result = runScenario(pathway, s);
    expect(result.failures).toEqual([]);
    expect(result.trace.filter((e) => e.type === "vars").map((e) => e.type === "vars" && e.how)).toEqual(["code", "tool"]);
  });

  it("never runs code or calls a tool live: without an answer nothing is set and no handler is asked", () => {
    const asked: WebhookRequest[] = [];
    const s = scenario(`pathway: p.json\nturns:\n  - { user: go, take: e1 }\n  - { user: quote, take: e2 }\n`);
    const result = runScenario(pathway, s, { webhook: (request) => (asked.push(request), { status: 200, body: { tier: "live" } }) });
    expect(asked).toEqual([]);
    expect(result.final.variables.tier).toBeUndefined();
    expect(result.trace.find((e) => e.type === "code")).toMatchObject({ nodeId: "code", kind: "code", answered: false });
  });
});

describe("scenario keys for flow outcomes", () => {
  const transfer = {
    nodes: [
      { id: "start", type: "Default", data: { name: "Start", isStart: true, text: "hi" } },
      { id: "xfer", type: "Transfer Call", data: { name: "Desk", transferNumber: "+15550100200" } },
      { id: "other", type: "Transfer Pathway", data: { name: "Billing", pathwayId: "PW-billing" } },
      { id: "vm", type: "End Call", data: { name: "Message", text: "left a message" } },
    ],
    edges: [
      { id: "e1", source: "start", target: "xfer", label: "desk" },
      { id: "e2", source: "start", target: "other", label: "billing" },
      { id: "e3", source: "xfer", target: "vm", label: "voicemail", data: { isVoicemailEdge: true } },
    ],
  } as Pathway;

  it("transfer: not-answered follows the voicemail edge", () => {
    const result = runScenario(
      transfer,
      scenario(`pathway: p.json\nturns:\n  - { user: desk, take: e1, transfer: not-answered }\nexpect: { status: ended, node: Message }\n`),
    );
    expect(result.failures).toEqual([]);
  });

  it("transfer: a list answers the turn's transfers in order, those past its end answered", () => {
    const chain = {
      nodes: [...transfer.nodes.slice(0, 2), { id: "backup", type: "Transfer Call", data: { name: "Backup", transferNumber: "+15550100201" } }],
      edges: [
        { id: "e1", source: "start", target: "xfer", label: "desk" },
        { id: "e3", source: "xfer", target: "backup", label: "voicemail", data: { isVoicemailEdge: true } },
      ],
    } as Pathway;
    const listed = runScenario(
      chain,
      scenario(
        `pathway: p.json\nturns:\n  - { user: desk, take: e1, transfer: [not-answered] }\nexpect: { status: transferred, transferred_to: "+15550100201" }\n`,
      ),
    );
    expect(listed.failures).toEqual([]);
    // Every transfer unanswered: the backup has no voicemail edge of its own, so the call stops there.
    const all = runScenario(
      chain,
      scenario(`pathway: p.json\nturns:\n  - { user: desk, take: e1, transfer: not-answered }\nexpect: { status: transferred }\n`),
    );
    expect(all.failures[0]!.message).toMatch(/was not answered and the node has no voicemail edge/);
  });

  it("transferred_to_pathway checks the pathway a Transfer Pathway node hands the call to", () => {
    expect(
      runScenario(transfer, scenario(`pathway: p.json\nturns:\n  - { user: billing, take: e2 }\nexpect: { transferred_to_pathway: PW-billing }\n`)).failures,
    ).toEqual([]);
    const wrong = runScenario(transfer, scenario(`pathway: p.json\nturns:\n  - { user: billing, take: e2 }\nexpect: { transferred_to_pathway: PW-x }\n`));
    expect(wrong.failures[0]!.message).toMatch(/handed to pathway PW-x, but it went to pathway PW-billing/);
  });
});
