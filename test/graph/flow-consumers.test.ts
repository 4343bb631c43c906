// One table, every consumer of the flow model: graph, lint, simulator, coverage, generation, diagram and diff Mermaid give one answer.
import { describe, expect, it } from "vitest";
import { getPathwayDiff } from "../../src/diff/index.js";
import { toDirectedGraph, toMermaid, type DiagramEdgeKind } from "../../src/export/index.js";
import { formatDiffMermaid } from "../../src/format/index.js";
import { getFlow, getFlowWays, getReachability, type FlowWhen } from "../../src/graph/index.js";
import { lintValue } from "../../src/lint/index.js";
import type { Pathway } from "../../src/model/index.js";
import { createInitialState, createSimulator, generateScenarios, getCoverage, runScenario, transition, type TraceEvent } from "../../src/simulate/index.js";
import { parseMermaid } from "../export/mermaid-parser.js";

/** What every consumer is asked about one pathway. `ways` keys are `from>to`. */
interface Answers {
  exits: string[];
  ways: Record<string, FlowWhen>;
  reachable: string[];
  unreachable: string[];
}

const n = (id: string, type: string, data: Record<string, unknown> = {}) => ({ id, type, data: { name: id, text: `at ${id}`, ...data } });
const e = (id: string, source: string, target: string, data: Record<string, unknown> = {}) => ({ id, source, target, label: `to ${target}`, data });

const CASES: { name: string; pathway: Pathway; answers: Answers }[] = [
  {
    name: "Transfer Pathway is an exit; an edge out of it is never taken",
    pathway: {
      nodes: [n("start", "Default", { isStart: true }), n("handoff", "Transfer Pathway", { pathwayId: "PW-2" }), n("after", "Default"), n("end", "End Call")],
      edges: [e("e1", "start", "handoff"), e("e2", "handoff", "after"), e("e3", "after", "end")],
    } as Pathway,
    answers: {
      exits: ["handoff", "end"],
      ways: { "start>handoff": "always", "handoff>after": "never", "after>end": "always" },
      reachable: ["start", "handoff"],
      unreachable: ["after", "end"],
    },
  },
  {
    name: "a warm transfer's voicemail edge is taken only when the transfer is not answered",
    pathway: {
      nodes: [
        n("start", "Default", { isStart: true }),
        n("xfer", "Transfer Call", { transferNumber: "+15550100200", warmTransferFields: { isEnabled: true, agentPrompt: "Brief them" } }),
        n("message", "Default"),
        n("end", "End Call"),
      ],
      edges: [e("e1", "start", "xfer"), e("vm", "xfer", "message", { isVoicemailEdge: true }), e("e3", "message", "end")],
    } as Pathway,
    answers: {
      exits: ["xfer", "end"],
      ways: { "start>xfer": "always", "xfer>message": "transfer-not-answered", "message>end": "always" },
      reachable: ["start", "xfer", "message", "end"],
      unreachable: [],
    },
  },
  {
    name: "a Press Button's targetNodeAfterPress is a way on",
    pathway: {
      nodes: [
        n("start", "Default", { isStart: true }),
        n("press", "Press Button", { digit: "1", goToNextNode: true, targetNodeAfterPress: { id: "confirm", name: "confirm" } }),
        n("confirm", "Default"),
        n("end", "End Call"),
      ],
      edges: [e("e1", "start", "press"), e("e2", "confirm", "end")],
    } as Pathway,
    answers: {
      exits: ["end"],
      ways: { "start>press": "always", "press>confirm": "press", "confirm>end": "always" },
      reachable: ["start", "press", "confirm", "end"],
      unreachable: [],
    },
  },
  {
    name: "Route routes and fallbacks are taken on conditions",
    pathway: {
      nodes: [
        n("start", "Default", { isStart: true, extractVars: [["age", "integer", "age"]] }),
        n("route", "Route", {
          text: undefined,
          routes: [{ conditions: [{ field: "age", operator: ">", value: 17 }], targetNodeId: "adult" }],
          fallbackNodeId: "minor",
        }),
        n("adult", "End Call"),
        n("minor", "End Call"),
      ],
      edges: [e("e1", "start", "route")],
    } as Pathway,
    answers: {
      exits: ["adult", "minor"],
      ways: { "start>route": "always", "route>adult": "route", "route>minor": "route" },
      reachable: ["start", "route", "adult", "minor"],
      unreachable: [],
    },
  },
];

const VIA_WHEN: Record<string, FlowWhen> = {
  edge: "always",
  voicemail: "transfer-not-answered",
  press: "press",
  route: "route",
  fallback: "route",
  webhook: "response",
};
const KIND_WHEN: Record<DiagramEdgeKind, FlowWhen> = {
  edge: "always",
  voicemail: "transfer-not-answered",
  press: "press",
  route: "route",
  fallback: "route",
  response: "response",
};

function pick<T>(record: Record<string, T>, keys: readonly string[]): Record<string, T> {
  return Object.fromEntries(keys.filter((k) => k in record).map((k) => [k, record[k]!]));
}

/** The generated scenarios of a pathway, run on the simulator: their traces. */
function generatedTraces(p: Pathway): TraceEvent[][] {
  const { scenarios } = generateScenarios(p);
  return scenarios.map((s) => {
    const result = runScenario(p, s);
    expect(result.failures, s.name).toEqual([]);
    return result.trace;
  });
}

describe.each(CASES)("$name", ({ pathway: p, answers }) => {
  const ids = getFlow(p).ids;
  const nonExits = ids.filter((id) => !answers.exits.includes(id));
  const takeable = Object.keys(answers.ways).filter((k) => answers.ways[k] !== "never");

  it("graph: the flow model's roles, ways and reachability", () => {
    const flow = getFlow(p);
    expect(ids.filter((_, i) => flow.isExit[i] === 1)).toEqual(answers.exits);
    expect(Object.fromEntries(getFlowWays(flow).map((w) => [`${w.from}>${w.to}`, w.when]))).toEqual(answers.ways);
    expect(getReachability(p)).toMatchObject({ reachable: answers.reachable, unreachable: answers.unreachable });
  });

  it("lint: no dead end at exits or at nodes with a way on, unreachable-node exactly at the unreachable nodes", () => {
    const findings = lintValue(p).diagnostics;
    const at = (rule: string) => findings.filter((d) => d.ruleId === rule).map((d) => ids[Number(d.pointer.split("/")[2])]);
    expect(at("dead-end")).toEqual([]);
    expect(at("unreachable-node")).toEqual(answers.unreachable);
  });

  it("simulator: a run started at an exit leaves the pathway there; elsewhere it waits or moves on", () => {
    for (const id of answers.exits)
      expect(createInitialState(createSimulator(p, { startNodeId: id })), id).toMatchObject({ status: expect.not.stringMatching(/active/), nodeId: id });
    for (const id of nonExits) {
      const state = createInitialState(createSimulator(p, { startNodeId: id }));
      expect(state.status === "active" || state.nodeId !== id, id).toBe(true);
    }
  });

  it("generation + simulator: generated scenarios pass and take every way that can be taken, each the way the model says", () => {
    const moves = new Map<string, FlowWhen>();
    const entered = new Set<string>();
    for (const trace of generatedTraces(p)) {
      for (const ev of trace) {
        if (ev.type === "move" && VIA_WHEN[ev.via]) moves.set(`${ev.from}>${ev.to}`, VIA_WHEN[ev.via]!);
        if (ev.type === "enter") entered.add(ev.nodeId);
      }
    }
    // Every move made is the kind the model gives; every edges[] way that can be taken from a reachable node is made.
    expect(Object.fromEntries(moves)).toEqual(pick(answers.ways, [...moves.keys()]));
    const edgeWays = p
      .edges!.map((edge) => `${edge.source}>${edge.target}`)
      .filter((k) => takeable.includes(k) && answers.reachable.includes(k.split(">")[0]!));
    for (const k of edgeWays) expect(moves.has(k), k).toBe(true);
    expect(ids.filter((id) => entered.has(id))).toEqual(answers.reachable);
    expect(generateScenarios(p).uncovered).toEqual([]);
  });

  it("coverage: coverable edges are the ways that can be taken from reachable nodes, each with its circumstance", () => {
    const coverage = getCoverage(p, generatedTraces(p));
    expect(coverage.nodes.unreachable.map((i) => i.id)).toEqual(answers.unreachable);
    expect(coverage.edges.untested).toEqual([]);
    const byEdge = new Map(p.edges!.map((edge) => [edge.id, `${edge.source}>${edge.target}`]));
    const coverable = Object.fromEntries([
      ...coverage.edges.unreachable.map((i) => [byEdge.get(i.id)!, "unreachable"]),
      ...p.edges!.filter((edge) => !coverage.edges.unreachable.some((i) => i.id === edge.id)).map((edge) => [byEdge.get(edge.id)!, "coverable"]),
    ]);
    for (const [key, when] of Object.entries(answers.ways)) {
      if (!(key in coverable)) continue;
      const [from] = key.split(">");
      expect(coverable[key], key).toBe(when !== "never" && answers.reachable.includes(from!) ? "coverable" : "unreachable");
    }
  });

  it("diagram and diff Mermaid: every way drawn, with the kind the model gives it, and Mermaid parses both", async () => {
    const graph = toDirectedGraph(p);
    const idOf = new Map(graph.nodes.map((d) => [d.key, d.id]));
    const drawn = Object.fromEntries(graph.edges.map((d) => [`${idOf.get(d.from)}>${idOf.get(d.to)}`, KIND_WHEN[d.kind]]));
    expect(Object.keys(drawn).sort()).toEqual(Object.keys(answers.ways).sort());
    expect(pick(drawn, takeable)).toEqual(pick(answers.ways, takeable));
    expect(graph.nodes.filter((d) => d.kind === "terminal" || d.kind === "transfer").map((d) => d.id)).toEqual(answers.exits);
    await parseMermaid(toMermaid(graph));
    const mermaid = formatDiffMermaid({ diff: getPathwayDiff(p, p), before: p, after: p, labelA: "a", labelB: "b" });
    await parseMermaid(mermaid);
    expect(mermaid.split("\n").filter((l) => / (-->|-\.->)/.test(l))).toHaveLength(Object.keys(answers.ways).length);
  });
});

describe("circumstances only some turns create", () => {
  const voicemail = CASES[1]!.pathway;

  it("a transfer ends the run when answered and follows the voicemail edge when the turn says it was not", () => {
    const sim = createSimulator(voicemail);
    const answered = transition(sim, createInitialState(sim), { user: "put me through", take: "e1" });
    expect(answered).toMatchObject({ status: "transferred", transferNumber: "+15550100200" });
    const missed = transition(sim, createInitialState(sim), { user: "put me through", take: "e1", transfer: "not-answered" });
    expect(missed).toMatchObject({ status: "active", nodeId: "message" });
    expect(missed.trace.find((ev) => ev.type === "move" && ev.via === "voicemail")).toMatchObject({ from: "xfer", to: "message", edgeId: "vm" });
  });

  it("coverage counts the voicemail edge as coverable, untested until a turn says the transfer was not answered", () => {
    const sim = createSimulator(voicemail);
    const answered = transition(sim, createInitialState(sim), { user: "x", take: "e1" });
    const coverage = getCoverage(voicemail, [answered.trace]);
    expect(coverage.edges.untested.map((i) => [i.id, i.when])).toEqual([
      ["vm", "transfer-not-answered"],
      ["e3", undefined],
    ]);
    const missed = transition(sim, createInitialState(sim), { user: "x", take: "e1", transfer: "not-answered" });
    expect(getCoverage(voicemail, [answered.trace, missed.trace]).edges.untested.map((i) => i.id)).toEqual(["e3"]);
  });

  it("generation writes the not-answered turn and never blames route conditions for a voicemail edge", () => {
    const { scenarios } = generateScenarios(voicemail);
    expect(scenarios.flatMap((s) => s.turns).some((t) => t.transfer === "not-answered")).toBe(true);
    // Cut off after one scenario, the voicemail edge is left for the reason that applies to it, not route conditions.
    const capped = generateScenarios(voicemail, { maxTurns: 1, maxScenarios: 1 }).uncovered;
    for (const u of capped) expect(u.reason).not.toMatch(/route conditions/);
  });

  it("Transfer Pathway ends the run with the target pathway id", () => {
    const p = CASES[0]!.pathway;
    const sim = createSimulator(p);
    expect(transition(sim, createInitialState(sim), { user: "x", take: "e1" })).toMatchObject({ status: "transferred", transferPathwayId: "PW-2" });
  });
});
