// mapCallToPathway: a table of records in the evidenced log shape and its deviations, and a round-trip property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mapCallToPathway, readCallRecord, type CallRecord } from "../../src/calls/index.js";
import { createFlowModel, getFlow } from "../../src/graph/flow.js";
import type { Pathway } from "../../src/model/index.js";
import { validPathway } from "../support/arbitraries.js";
import "../support/fast-check-seed.js";

const PATHWAY = {
  name: "desk",
  nodes: [
    { id: "greet", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi" } },
    { id: "ask", type: "Default", data: { name: "Ask", prompt: "Ask", extractVars: [["day", "string", "the day"]] } },
    {
      id: "check",
      type: "Webhook",
      data: { name: "Check", url: "https://x.example/h", method: "POST", responsePathways: [["ok", "==", "true", { id: "bye", name: "Bye" }]] },
    },
    { id: "bye", type: "End Call", data: { name: "Bye", text: "Bye" } },
    { id: "human", type: "Default", data: { name: "Human", prompt: "Help", isGlobal: true, globalLabel: "wants a person" } },
    { id: "desk", type: "Transfer Call", data: { name: "Desk", transferNumber: "+15550000000" } },
    { id: "vm", type: "End Call", data: { name: "Voicemail", text: "Leave a message" } },
  ],
  edges: [
    { id: "e1", source: "greet", target: "ask", label: "wants a booking" },
    { id: "e2", source: "ask", target: "check", label: "gave a day" },
    { id: "e3", source: "ask", target: "desk", label: "wants the desk" },
    { id: "e4", source: "desk", target: "vm", data: { isVoicemailEdge: true } },
  ],
} as unknown as Pathway;

function record(extra: Record<string, unknown>): CallRecord {
  const read = readCallRecord({ call_id: "c1", queue_status: "complete", variables: { day: "Monday" }, ...extra });
  if (!("record" in read)) throw new Error(read.problem);
  return read.record;
}

const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 12, 0, s)).toISOString();
const entry = (node: string | undefined, s: number, more: Record<string, unknown> = {}) => ({
  chosen_node_id: node,
  created_at: at(s),
  role: "assistant",
  text: "",
  ...more,
});

describe("mapCallToPathway", () => {
  const cases: { name: string; logs: unknown; nodes: string[]; via: string[]; status: string; unmapped?: string[] }[] = [
    {
      name: "a list of entries in the evidenced shape",
      logs: [entry("greet", 1), entry("ask", 2), entry("check", 3), entry("bye", 4)],
      nodes: ["greet", "ask", "check", "bye"],
      via: ["start", "edge", "edge", "response"],
      status: "mapped",
    },
    {
      name: "JSON text holding the list",
      logs: JSON.stringify([entry("greet", 1), entry("ask", 2)]),
      nodes: ["greet", "ask"],
      via: ["start", "edge"],
      status: "mapped",
    },
    { name: "entries out of order", logs: [entry("ask", 2), entry("greet", 1)], nodes: ["greet", "ask"], via: ["start", "edge"], status: "mapped" },
    {
      name: "repeated entries of one node as one visit",
      logs: [entry("greet", 1), entry("greet", 2), entry(undefined, 3), entry("ask", 4)],
      nodes: ["greet", "ask"],
      via: ["start", "edge"],
      status: "mapped",
    },
    {
      name: "a global jump and its return",
      logs: [entry("greet", 1), entry("ask", 2), entry("human", 3), entry("ask", 4)],
      nodes: ["greet", "ask", "human", "ask"],
      via: ["start", "edge", "global", "return"],
      status: "mapped",
    },
    {
      name: "a voicemail edge",
      logs: [entry("greet", 1), entry("ask", 2), entry("desk", 3), entry("vm", 4)],
      nodes: ["greet", "ask", "desk", "vm"],
      via: ["start", "edge", "edge", "voicemail"],
      status: "mapped",
    },
    {
      name: "v2 events ordered by sequence",
      logs: [
        { sequence: 2, event_type: "node", node_id: "ask" },
        { sequence: 1, event_type: "node", node_id: "greet" },
      ],
      nodes: ["greet", "ask"],
      via: ["start", "edge"],
      status: "mapped",
    },
    {
      name: "a node since removed",
      logs: [entry("greet", 1), entry("gone", 2), entry("ask", 3)],
      nodes: ["greet", "ask"],
      via: ["start", "edge"],
      status: "partial",
      unmapped: ["unknown-node"],
    },
    {
      name: "a move no way allows",
      logs: [entry("greet", 1), entry("bye", 2)],
      nodes: ["greet", "bye"],
      via: ["start", "none"],
      status: "partial",
      unmapped: ["no-way"],
    },
    {
      name: "entries of unknown shape",
      logs: [42, entry("greet", 1), { foo: 1 }],
      nodes: ["greet"],
      via: ["start"],
      status: "partial",
      unmapped: ["unknown-shape", "unknown-shape"],
    },
    { name: "a list of unknown objects", logs: [{ a: 1 }, { b: 2 }], nodes: [], via: [], status: "unmapped", unmapped: ["unknown-shape", "unknown-shape"] },
  ];
  it.each(cases)("maps $name", ({ logs, nodes, via, status, unmapped }) => {
    const path = mapCallToPathway(record({ pathway_logs: logs }), PATHWAY);
    expect(path.steps.map((s) => s.nodeId)).toEqual(nodes);
    expect(path.steps.map((s) => s.via)).toEqual(via);
    expect(path.status).toBe(status);
    expect(path.unmapped.map((u) => u.reason)).toEqual(unmapped ?? []);
  });

  it.each([
    ["null logs of a task call", { pathway_logs: null }, {}, "a task call: no pathway and no pathway log"],
    ["null logs of a pathway call", { pathway_logs: null, pathway_id: "p1" }, {}, "no pathway log in the record"],
    ["text that is not JSON", { pathway_logs: "oops" }, {}, "pathway_logs is text that is not JSON"],
    ["an object that is not a list", { pathway_logs: { a: 1 } }, {}, "pathway_logs is object, not a list"],
    ["another pathway", { pathway_logs: [entry("greet", 1)], pathway_id: "p2" }, { pathwayId: "p1" }, "a call of another pathway (p2, not p1)"],
    ["another version", { pathway_logs: [entry("greet", 1)], pathway_version: 3 }, { pathwayVersion: 4 }, "a call of another version (3, not 4)"],
  ])("maps nothing for %s, and says why", (_name, extra, options, reason) => {
    const path = mapCallToPathway(record(extra), PATHWAY, options);
    expect([path.status, path.reason, path.steps]).toEqual(["unmapped", reason, []]);
  });

  it("gives each node the turns said while the call was there, duplicated turns once", () => {
    const transcripts = [
      { id: 1, user: "assistant", text: "Hi", created_at: at(1) },
      { id: 2, user: "user", text: "A booking", created_at: at(1.5) },
      { id: 2, user: "user", text: "A booking", created_at: at(1.5) },
      { id: 3, user: "assistant", text: "Which day?", created_at: at(2.5) },
      { id: 4, user: "user", text: "Monday", created_at: at(3) },
    ];
    const path = mapCallToPathway(record({ pathway_logs: [entry("greet", 0.5), entry("ask", 2)], transcripts }), PATHWAY);
    expect(path.steps.map((s) => s.turns.map((t) => t.text))).toEqual([
      ["Hi", "A booking"],
      ["Which day?", "Monday"],
    ]);
  });

  it("reads the ending: error states, voicemail, transfer, completed", () => {
    const ending = (extra: Record<string, unknown>) => mapCallToPathway(record({ pathway_logs: [entry("greet", 1)], ...extra }), PATHWAY).ending.kind;
    expect(ending({ queue_status: "call_error", error_message: "bad transfer" })).toBe("error");
    expect(ending({ answered_by: "voicemail" })).toBe("voicemail");
    expect(ending({ transferred_to: "+1555" })).toBe("transfer");
    expect(ending({ queue_status: "completed" })).toBe("completed");
    expect(ending({ queue_status: "started" })).toBe("in-progress");
  });
});

/** A walk of the flow model from the start (ways only), as the list of node indexes and the kinds taken. */
function walk(pathway: Pathway, choices: number[]): { ids: string[]; via: string[] } {
  const flow = getFlow(pathway);
  if (flow.start < 0) return { ids: [], via: [] };
  const ids = [flow.ids[flow.start]!];
  const via = ["start"];
  let i = flow.start;
  for (const c of choices) {
    const from = flow.outOffset[i]!;
    const count = flow.outOffset[i + 1]! - from;
    if (count === 0) break;
    const p = from + (c % count);
    const next = flow.outTarget[p]!;
    if (next === i) continue; // a self-loop is one visit in a log
    // The mapper takes the first way between two nodes; the walk records the same one.
    const first = Array.from({ length: count }, (_, k) => from + k).find((q) => flow.outTarget[q] === next)!;
    via.push(["edge", "route", "fallback", "response", "voicemail", "press"][flow.outKind[first]!]!);
    ids.push(flow.ids[next]!);
    i = next;
  }
  return { ids, via };
}

describe("mapCallToPathway (property)", () => {
  it("maps a path walked on the pathway and written as a log, shuffled, back to the same nodes and ways", () => {
    fc.assert(
      fc.property(validPathway, fc.array(fc.nat(), { maxLength: 30 }), fc.boolean(), (pathway, choices, asText) => {
        const { ids, via } = walk(pathway, choices);
        const log = ids.map((id, k) => entry(id, k));
        const reversed = [...log].reverse();
        const path = mapCallToPathway(record({ pathway_logs: asText ? JSON.stringify(reversed) : reversed }), createFlowModel(pathway));
        expect(path.steps.map((s) => s.nodeId)).toEqual(ids);
        expect(path.steps.map((s) => s.via)).toEqual(via);
        expect(path.unmapped).toEqual([]);
      }),
    );
  });

  it("never throws on any JSON value as pathway_logs, and counts every entry it cannot map", () => {
    fc.assert(
      fc.property(validPathway, fc.jsonValue({ maxDepth: 3 }), (pathway, logs) => {
        const path = mapCallToPathway(record({ pathway_logs: logs }), pathway);
        expect(["mapped", "partial", "unmapped"]).toContain(path.status);
        if (path.status === "unmapped") expect(path.steps).toEqual([]);
      }),
    );
  });
});
