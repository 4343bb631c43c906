// The simulator's transition: speaking, deciding, globals, routes, webhooks, endings and safety limits, on the real receptionist and small pathways.
import { describe, expect, it } from "vitest";
import { corpusValue, itCorpus } from "../support/corpus.js";
import type { Pathway } from "../../src/model/index.js";
import {
  createInitialState,
  createInitialStateAsync,
  createKeywordDecider,
  createSimulator,
  getVisitedPath,
  transition,
  transitionAsync,
  type SimState,
  type TraceEvent,
} from "../../src/simulate/index.js";

const receptionist = corpusValue<Pathway>("receptionist-auto-shop.json");
const ids = {
  greeting: "a1000000-0000-4000-8000-000000000001",
  availability: "b2000000-0000-4000-8000-000000000002",
  disclosure: "a7000000-0000-4000-8000-000000000007",
  details: "d4000000-0000-4000-8000-000000000004",
  services: "c3000000-0000-4000-8000-000000000003",
  wrapUp: "g9000000-0000-4000-8000-000000000009",
  transfer: "b8000000-0000-4000-8000-000000000008",
};

function events<T extends TraceEvent["type"]>(state: SimState, type: T): Extract<TraceEvent, { type: T }>[] {
  return state.trace.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type);
}

function linear(extra: Partial<Pathway> = {}): Pathway {
  return {
    name: "tiny",
    nodes: [
      { id: "start", type: "Default", data: { name: "Start", isStart: true, text: "Hello {{caller}}, you owe {{ amount }}." } },
      {
        id: "ask",
        type: "Default",
        data: {
          name: "Ask",
          prompt: "Ask for the party size.",
          extractVars: [
            ["party", "integer", "how many"],
            ["vip", "boolean", "vip?"],
          ],
        },
      },
      { id: "bye", type: "End Call", data: { name: "Bye", text: "Bye {{caller}}." } },
      { id: "human", type: "Transfer Call", data: { name: "Human", text: "Transferring.", transferNumber: "{{desk}}" } },
      {
        id: "faq",
        type: "Default",
        data: { name: "FAQ", isGlobal: true, globalLabel: "caller asks about opening hours", enableGlobalAutoReturn: true, text: "We open at nine." },
      },
    ],
    edges: [
      { id: "e1", source: "start", target: "ask", label: "caller wants a table" },
      { id: "e2", source: "ask", target: "bye", label: "party size given" },
      { id: "e3", source: "ask", target: "human", label: "caller wants a person" },
    ],
    ...extra,
  } as Pathway;
}

describe("speaking", () => {
  it("says static text verbatim with variables filled, and flags unset ones", () => {
    const sim = createSimulator(linear());
    const state = createInitialState(sim, { variables: { caller: "Ann" } });
    const [say] = events(state, "say");
    expect(say).toMatchObject({ speech: "text", text: "Hello Ann, you owe {{ amount }}.", unset: ["amount"] });
  });

  itCorpus("marks prompts as prompts and fills their variables", () => {
    const sim = createSimulator(receptionist);
    const s1 = transition(sim, createInitialState(sim), { user: "are you a bot?", take: "AI Disclosure" });
    const say = events(s1, "say").at(-1)!;
    expect(say.speech).toBe("prompt");
    expect(say.text).toContain("What they just said:\nare you a bot?");
    expect(say.text).not.toContain("{{prevNodePrompt}}");
  });
});

describe("deciding", () => {
  it("takes the edge a scripted turn names, by label, edge id, target id or target name", () => {
    const sim = createSimulator(linear());
    const start = createInitialState(sim);
    for (const take of ["caller wants a table", "e1", "ask", "Ask", "ASK"]) {
      expect(transition(sim, start, { user: "hi", take }).nodeId).toBe("ask");
    }
  });

  it("stays at the node when a scripted turn names no edge (the condition is not met yet)", () => {
    const sim = createSimulator(linear());
    const s1 = transition(sim, createInitialState(sim), { user: "hmm" });
    expect(s1.nodeId).toBe("start");
    expect(events(s1, "decide")[0]!.decision.kind).toBe("stay");
  });

  it("reports a take that is not a choice, listing the choices", () => {
    const sim = createSimulator(linear());
    const s1 = transition(sim, createInitialState(sim), { user: "hi", take: "nowhere" });
    const decision = events(s1, "decide")[0]!.decision;
    expect(decision.kind).toBe("error");
    expect(decision.kind === "error" && decision.reason).toMatch(/not a choice here.*edge e1/);
    expect(s1.nodeId).toBe("start");
  });

  it("does not change the state it is given", () => {
    const sim = createSimulator(linear());
    const start = createInitialState(sim);
    const copy = structuredClone(start);
    transition(sim, start, { user: "hi", take: "e1", vars: { x: 1 } });
    expect(start).toEqual(copy);
  });

  itCorpus("picks edges by keyword similarity, and reports no match instead of guessing", () => {
    const sim = createSimulator(receptionist, { decider: createKeywordDecider() });
    const s1 = transition(sim, createInitialState(sim), { user: "Hi, can I book an appointment?" });
    expect(s1.nodeId).toBe(ids.availability);
    const s2 = transition(sim, s1, { user: "Thursday?" });
    expect(s2.nodeId).toBe(ids.availability);
    expect(events(s2, "decide").at(-1)!.decision.kind).toBe("stay");
  });

  it("throws a clear error when an asynchronous decider is used with the synchronous transition", async () => {
    const slow = { name: "slow", decide: async () => ({ kind: "stay" as const, reason: "later" }) };
    const sim = createSimulator(linear(), { decider: slow });
    const start = createInitialState(sim);
    expect(() => transition(sim, start, { user: "hi" })).toThrow(/transitionAsync/);
    await expect(transitionAsync(sim, start, { user: "hi" })).resolves.toMatchObject({ nodeId: "start" });
  });
});

describe("variables", () => {
  it("extracts integers and yes/no booleans from the turn by the node's extractVars", () => {
    const sim = createSimulator(linear());
    const s1 = transition(sim, createInitialState(sim), { user: "table", take: "e1" });
    const s2 = transition(sim, s1, { user: "yes, we are 4 people" });
    expect(s2.variables).toMatchObject({ party: 4, vip: true });
  });

  it("sets variables given explicitly in the turn instead of extracting", () => {
    const sim = createSimulator(linear());
    const s1 = transition(sim, createInitialState(sim), { user: "table", take: "e1" });
    const s2 = transition(sim, s1, { user: "four", vars: { party: 7 } });
    expect(s2.variables.party).toBe(7);
    expect(events(s2, "vars").at(-1)).toMatchObject({ how: "explicit" });
  });
});

describe("endings", () => {
  it("ends at End Call", () => {
    const sim = createSimulator(linear());
    const s1 = transition(sim, createInitialState(sim, { variables: { caller: "Bo" } }), { user: "table", take: "e1" });
    const s2 = transition(sim, s1, { user: "2", take: "e2" });
    expect(s2).toMatchObject({ status: "ended", nodeId: "bye" });
    expect(events(s2, "say").at(-1)!.text).toBe("Bye Bo.");
    expect(transition(sim, s2, { user: "hello?" })).toBe(s2);
  });

  it("ends a transfer with the number, variables filled", () => {
    const sim = createSimulator(linear());
    const s1 = transition(sim, createInitialState(sim, { variables: { desk: "+15557654321" } }), { user: "table", take: "e1" });
    const s2 = transition(sim, s1, { user: "a person please", take: "Human" });
    expect(s2).toMatchObject({ status: "transferred", transferNumber: "+15557654321" });
  });

  it("stops after the maximum number of turns with the reason", () => {
    const sim = createSimulator(linear(), { maxTurns: 2 });
    let s = createInitialState(sim);
    for (let i = 0; i < 3; i++) s = transition(sim, s, { user: "hmm" });
    expect(s.status).toBe("stopped");
    expect(s.reason).toMatch(/max turns \(2\) reached at "Start"/);
  });

  it("stops a loop of routes that never waits for the caller", () => {
    const pathway = {
      nodes: [
        { id: "a", type: "Route", data: { name: "A", isStart: true, routes: [], fallbackNodeId: "b" } },
        { id: "b", type: "Route", data: { name: "B", routes: [], fallbackNodeId: "a" } },
      ],
      edges: [],
    } as unknown as Pathway;
    const state = createInitialState(createSimulator(pathway));
    expect(state.status).toBe("stopped");
    expect(state.reason).toMatch(/^loop: /);
  });

  it("stops a conversation that keeps coming back to the same node", () => {
    const pathway = {
      nodes: [
        { id: "a", type: "Default", data: { name: "A", isStart: true, text: "a" } },
        { id: "b", type: "Default", data: { name: "B", text: "b" } },
      ],
      edges: [
        { id: "ab", source: "a", target: "b", label: "go" },
        { id: "ba", source: "b", target: "a", label: "back" },
      ],
    } as Pathway;
    const sim = createSimulator(pathway, { maxVisits: 3 });
    let s = createInitialState(sim);
    for (let i = 0; i < 10 && s.status === "active"; i++) s = transition(sim, s, { user: "x", take: i % 2 ? "back" : "go" });
    expect(s.status).toBe("stopped");
    expect(s.reason).toMatch(/loop: "A" \(id a\) was entered 4 times/);
  });
});

describe("global nodes", () => {
  it("jumps to a global node and, with enableGlobalAutoReturn, returns to the interrupted node", () => {
    const sim = createSimulator(linear(), { decider: createKeywordDecider() });
    const s1 = transition(sim, createInitialState(sim), { user: "table", take: "e1" });
    const s2 = transition(sim, s1, { user: "what are your opening hours?" });
    expect(s2.nodeId).toBe("faq");
    expect(s2.returnTo).toEqual(["ask"]);
    const s3 = transition(sim, s2, { user: "ok thanks" });
    expect(s3.nodeId).toBe("ask");
    expect(events(s3, "move").at(-1)).toMatchObject({ via: "return", to: "ask" });
    expect(s3.returnTo).toEqual([]);
  });

  it("decides the returning turn at the interrupted node", () => {
    const sim = createSimulator(linear());
    const s1 = transition(sim, createInitialState(sim), { user: "table", take: "e1" });
    const s2 = transition(sim, s1, { user: "hours?", take: "FAQ" });
    const s3 = transition(sim, s2, { user: "ok, a person please", take: "Human" });
    expect(s3.status).toBe("transferred");
    expect(getVisitedPath(s3.trace)).toEqual(["start", "ask", "faq", "ask", "human"]);
  });

  itCorpus("takes the real receptionist from the AI Disclosure global node to the transfer", () => {
    const sim = createSimulator(receptionist);
    const s1 = transition(sim, createInitialState(sim), { user: "is this a robot?", take: "AI Disclosure" });
    const s2 = transition(sim, s1, { user: "get me a real person", take: "Transfer To Human" });
    expect(s2).toMatchObject({ status: "transferred", transferNumber: "+15550000000" });
  });
});

describe("routes and webhooks", () => {
  const routed = {
    nodes: [
      { id: "s", type: "Default", data: { name: "S", isStart: true, text: "hi", extractVars: [["age", "integer", "age"]] } },
      {
        id: "r",
        type: "Route",
        data: {
          name: "R",
          routes: [
            { conditions: [{ field: "age", operator: "less than", value: "18" }], targetNodeId: "minor" },
            {
              conditions: [
                { field: "age", operator: ">=", value: 65 },
                { field: "plan", operator: "is", value: "gold" },
              ],
              targetNodeId: "senior",
            },
          ],
          fallbackNodeId: "adult",
        },
      },
      { id: "minor", type: "End Call", data: { name: "Minor", text: "m" } },
      { id: "senior", type: "End Call", data: { name: "Senior", text: "s" } },
      { id: "adult", type: "End Call", data: { name: "Adult", text: "a" } },
    ],
    edges: [{ id: "sr", source: "s", target: "r", label: "age given" }],
  } as unknown as Pathway;

  it("follows the first Route whose conditions all hold, else the fallback", () => {
    const sim = createSimulator(routed);
    const start = createInitialState(sim);
    expect(transition(sim, start, { user: "I am 12", take: "sr" }).nodeId).toBe("minor");
    expect(transition(sim, start, { user: "70", take: "sr", vars: { age: 70, plan: "GOLD" } }).nodeId).toBe("senior");
    expect(transition(sim, start, { user: "I am 70", take: "sr" }).nodeId).toBe("adult");
    const moved = events(transition(sim, start, { user: "I am 12", take: "sr" }), "move").at(-1)!;
    expect(moved).toMatchObject({ via: "route", reason: expect.stringMatching(/age \(12\) less than "18"/) });
  });

  itCorpus("answers a webhook from the turn's mock, maps responseData and follows responsePathways on the status", () => {
    const sim = createSimulator(receptionist);
    let s = createInitialState(sim);
    s = transition(sim, s, { user: "book", take: "Offer Availability" });
    s = transition(sim, s, { user: "nine", take: "Caller And Vehicle Details" });
    s = transition(sim, s, { user: "Mike, BMW", take: "Capture Service List" });
    const ok = transition(sim, s, {
      user: "that's it",
      take: "Text VIN And Parts Links",
      webhooks: { "Text VIN And Parts Links": { status: 200, body: { data: { conversation_id: "abc" } } } },
    });
    expect(ok.nodeId).toBe(ids.wrapUp);
    expect(ok.variables.sms_conversation_id).toBe("abc");
    expect(events(ok, "move").at(-1)).toMatchObject({
      via: "webhook",
      edgeId: "edge-sms-to-wrapup",
      reason: expect.stringContaining("BlandStatusCode (200) =="),
    });
    const failed = transition(sim, s, {
      user: "that's it",
      take: "Text VIN And Parts Links",
      webhooks: { "e5000000-0000-4000-8000-000000000005": { status: 500 } },
    });
    expect(events(failed, "move").at(-1)!.reason).toContain("BlandStatusCode (500) !=");
  });

  it("takes the default response route when no other holds", () => {
    const pathway = {
      nodes: [
        {
          id: "w",
          type: "Webhook",
          data: {
            name: "W",
            isStart: true,
            url: "https://x.test/{{id}}",
            responsePathways: [
              ["ok", "==", "true", { id: "yes" }],
              ["Default/Webhook Completion", "", "", { id: "dflt", name: "D" }],
            ],
          },
        },
        { id: "yes", type: "End Call", data: { name: "Yes" } },
        { id: "dflt", type: "End Call", data: { name: "Default" } },
      ],
      edges: [],
    } as unknown as Pathway;
    const state = createInitialState(createSimulator(pathway, { webhook: () => ({ status: 200, body: {} }) }), { variables: { id: 7 } });
    expect(state.nodeId).toBe("dflt");
    expect(events(state, "webhook")[0]).toMatchObject({ url: "https://x.test/7", status: 200 });
  });

  itCorpus("stops with what to add when a webhook is called and nothing answers it", () => {
    const sim = createSimulator(receptionist);
    let s = createInitialState(sim);
    for (const take of ["Offer Availability", "Caller And Vehicle Details", "Capture Service List", "Text VIN And Parts Links"])
      s = transition(sim, s, { user: "ok", take });
    expect(s.status).toBe("stopped");
    expect(s.reason).toMatch(/nothing answers it; mock it \(webhooks: \{"Text VIN And Parts Links"/);
  });

  it("awaits asynchronous webhook handlers in the async variants", async () => {
    const pathway = {
      nodes: [{ id: "w", type: "Webhook", data: { isStart: true, url: "https://x.test", responseData: [{ name: "n", data: "$.items[1].n" }] } }],
      edges: [],
    } as unknown as Pathway;
    const sim = createSimulator(pathway, { webhook: async () => ({ status: 201, body: { items: [{ n: 1 }, { n: 2 }] } }) });
    const state = await createInitialStateAsync(sim);
    expect(state.variables.n).toBe(2);
  });
});

describe("alwaysPick edges", () => {
  it("takes an edge with data.alwaysPick on a turn that names no other choice", () => {
    const pathway = {
      nodes: [
        { id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hey there" } },
        { id: "2", type: "Default", data: { name: "Next", text: "next" } },
        { id: "3", type: "End Call", data: { name: "Out", text: "bye" } },
      ],
      edges: [
        { id: "a", source: "1", target: "2", data: { label: "Edge Label", alwaysPick: true } },
        { id: "b", source: "1", target: "3", data: { label: "leave" } },
      ],
    } as Pathway;
    const sim = createSimulator(pathway);
    expect(transition(sim, createInitialState(sim), { user: "anything" }).nodeId).toBe("2");
    expect(transition(sim, createInitialState(sim), { user: "bye", take: "leave" }).nodeId).toBe("3");
  });
});

describe("edge conditions", () => {
  const pathway = {
    nodes: [
      { id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hey there" } },
      { id: "2", type: "Default", data: { name: "Edge 2", text: "next" } },
      { id: "3", type: "Default", data: { name: "Other", text: "other" } },
    ],
    edges: [
      {
        id: "Edge1",
        source: "1",
        target: "2",
        data: { label: "Edge Label", alwaysPick: true, condition: [{ field: "expected_annual_salary", value: "500000", operator: "less than" }] },
      },
      { id: "o", source: "1", target: "3", data: { label: "other" } },
    ],
  } as Pathway;

  it("offers an edge only while its data.condition holds (the terraform fixture's alwaysPick edge)", () => {
    const sim = createSimulator(pathway);
    const low = createInitialState(sim, { variables: { expected_annual_salary: 90000 } });
    expect(transition(sim, low, { user: "hi" }).nodeId).toBe("2");
    const high = createInitialState(sim, { variables: { expected_annual_salary: 900000 } });
    expect(transition(sim, high, { user: "hi" }).nodeId).toBe("1");
    expect(transition(sim, high, { user: "hi", take: "other" }).nodeId).toBe("3");
    const blocked = transition(sim, high, { user: "hi", take: "Edge1" });
    expect(events(blocked, "decide")[0]!.decision).toMatchObject({
      kind: "error",
      reason: expect.stringContaining('expected_annual_salary (900000) less than "500000" does not hold'),
    });
  });
});

describe("routes without a match", () => {
  it("waits for the caller when a Route node with edges matches no route, and stops when it has nowhere to go", () => {
    const base = {
      nodes: [
        {
          id: "r",
          type: "Route",
          data: { name: "R", isStart: true, routes: [{ conditions: [{ field: "x", operator: "approximately", value: 1 }], targetNodeId: "t" }] },
        },
        { id: "t", type: "End Call", data: { name: "T" } },
      ],
      edges: [{ id: "rt", source: "r", target: "t", label: "go on" }],
    } as unknown as Pathway;
    const waiting = createInitialState(createSimulator(base), { variables: { x: 1 } });
    expect(waiting).toMatchObject({ status: "active", nodeId: "r" });
    const stuck = createInitialState(createSimulator({ ...base, edges: [] }));
    expect(stuck.status).toBe("stopped");
    expect(stuck.reason).toMatch(/no route of Route node "R" \(id r\) matched and it has no fallbackNodeId or edges/);
  });
});
