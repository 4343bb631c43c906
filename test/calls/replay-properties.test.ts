// Property: a call recorded on a pathway and replayed on that same pathway never diverges (with or without it as the
// base), and one whose visited node the edit removes always does. Records are made by walking generated pathways on
// the simulator, as the service would log them: the nodes entered, the variables the call ended with.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCallRecord, replayCall, type CallRecord } from "../../src/calls/index.js";
import type { Pathway } from "../../src/model/index.js";
import { createInitialState, createSimulator, getCandidates, transition, type SimState, type TransferAnswer } from "../../src/simulate/index.js";

type Kind = "ask" | "say" | "route" | "end" | "transfer" | "global" | "global-ask";

interface Shape {
  kinds: Kind[];
  picks: number[];
  requestData: boolean;
}

/**
 * A pathway: a start that extracts `choice`, then nodes of `kinds`. "ask" nodes extract `choice` or `size` again (so
 * what a route read may change later), "say" nodes read variables some node sets before them, some node sets only
 * later, or nothing sets (`{{party_size}}`, as the call); Routes route on `choice`; transfers may have a
 * voicemail edge; global nodes are jumped to, and return or go on by an edge.
 */
function buildPathway({ kinds, picks }: Shape): Pathway {
  let p = 0;
  const pick = (n: number) => picks[p++ % picks.length]! % n;
  const others = kinds.map((_, i) => `n${i}`);
  const nodes: Record<string, unknown>[] = [
    {
      id: "s",
      type: "Default",
      data: { name: "Greeting", isStart: true, text: "Hi {{customer}}.", extractVars: [["choice", "string", "What the caller wants"]] },
    },
  ];
  const edges: Record<string, unknown>[] = [];
  const edge = (source: string, target: string, data: Record<string, unknown> = {}) =>
    edges.push({ id: `e${edges.length}`, source, target, label: `go ${edges.length}`, ...(Object.keys(data).length > 0 && { data }) });
  const reads = ["{{choice}}", "{{size}}", "{{party_size}}", "{{customer}}", "{{lastUserMessage}}"];
  kinds.forEach((kind, i) => {
    const id = `n${i}`;
    const name = `${kind} ${i}`;
    if (kind === "ask" || kind === "global-ask" || kind === "global") {
      const global = kind === "ask" ? {} : { isGlobal: true, globalLabel: `The caller asks about ${name}` };
      const extract = kind === "global" ? {} : { extractVars: [[pick(2) === 0 ? "choice" : "size", "string", "An answer"]] };
      nodes.push({ id, type: "Default", data: { name, prompt: `Ask again. ${reads[pick(reads.length)]}`, ...extract, ...global } });
    } else if (kind === "say")
      nodes.push({ id, type: "Default", data: { name, text: `Noted ${reads[pick(reads.length)]} and ${reads[pick(reads.length)]}.` } });
    else if (kind === "route") {
      const to = others.filter((t) => t !== id);
      nodes.push({
        id,
        type: "Route",
        data: {
          name,
          routes: [
            { conditions: [{ field: "choice", operator: "==", value: "a" }], targetNodeId: to[pick(to.length)] },
            { conditions: [{ field: "choice", operator: "==", value: "b" }], targetNodeId: to[pick(to.length)] },
          ],
          fallbackNodeId: to[pick(to.length)],
        },
      });
    } else if (kind === "transfer")
      nodes.push({ id, type: "Transfer Call", data: { name, transferNumber: "+14155550100", warmTransferFields: { isEnabled: true } } });
    else nodes.push({ id, type: "End Call", data: { name, text: "Bye {{size}}." } });
  });
  for (const id of ["s", ...others]) {
    const kind = id === "s" ? "ask" : kinds[Number(id.slice(1))]!;
    if (kind === "ask" || kind === "say" || kind === "global-ask" || (kind === "global" && pick(2) === 0)) {
      for (let k = 1 + pick(2); k > 0; k--) edge(id, others[pick(others.length)]!);
    }
    if (kind === "transfer" && pick(2) === 0) edge(id, others[pick(others.length)]!, { isVoicemailEdge: true });
  }
  return { name: "Walked", nodes, edges } as unknown as Pathway;
}

const VALUES = ["a", "b", "c", 2, "4"];

/**
 * Walks the pathway on the simulator with the choices given, and writes the call record the service would: the nodes
 * entered in order as `pathway_logs` (consecutive entries of one node are one visit), the variables the call ended
 * with, and the request_data it started with.
 */
function recordWalk(pathway: Pathway, picks: readonly number[], requestData: Record<string, unknown> | undefined): CallRecord {
  const sim = createSimulator(pathway);
  let p = 0;
  const pick = (n: number) => picks[p++ % picks.length]! % n;
  let state: SimState = createInitialState(sim, { variables: requestData ?? {} });
  for (let t = 0; t < 12 && state.status === "active"; t++) {
    // At a global node with no way on, the turn returns to the interrupted node and is decided there.
    const decidedAt = getCandidates(sim, state.nodeId!).length > 0 ? state.nodeId! : state.returnTo[state.returnTo.length - 1];
    const candidates = decidedAt === undefined ? [] : getCandidates(sim, decidedAt);
    if (candidates.length === 0) break;
    const c = candidates[pick(candidates.length)]!;
    const vars: Record<string, unknown> = {};
    for (const [name] of (sim.nodes.get(state.nodeId!)?.data?.extractVars as [string][] | undefined) ?? []) vars[name] = VALUES[pick(VALUES.length)];
    const transfer: TransferAnswer | TransferAnswer[] | undefined = [undefined, "not-answered" as const, ["not-answered" as const]][pick(3)];
    state = transition(sim, state, {
      user: "x",
      take: c.kind === "edge" ? c.id : c.targetId,
      ...(Object.keys(vars).length > 0 && { vars }),
      ...(transfer && { transfer }),
    });
  }
  const log = state.trace.filter((e) => e.type === "enter").map((e) => ({ chosen_node_id: (e as { nodeId: string }).nodeId }));
  const read = readCallRecord({ call_id: "walk-1", pathway_logs: log, variables: state.variables, ...(requestData && { request_data: requestData }) });
  if (!("record" in read)) throw new Error(read.problem);
  return read.record;
}

const shapes = fc.record({
  kinds: fc.array(fc.constantFrom<Kind>("ask", "say", "say", "route", "end", "transfer", "global", "global-ask"), { minLength: 2, maxLength: 9 }),
  picks: fc.array(fc.nat(1000), { minLength: 60, maxLength: 60 }),
  requestData: fc.boolean(),
});
const walks = fc.array(fc.nat(1000), { minLength: 30, maxLength: 30 });

describe("replay properties", () => {
  it("a call never diverges on the pathway it ran on, with or without that pathway as the base (generated pathways and walks)", () => {
    fc.assert(
      fc.property(shapes, walks, (shape, walk) => {
        const pathway = buildPathway(shape);
        const record = recordWalk(pathway, walk, shape.requestData ? { customer: "Ada" } : undefined);
        for (const options of [{}, { base: pathway }]) {
          const outcome = replayCall(record, pathway, options);
          expect(outcome.status, JSON.stringify(outcome.divergence)).not.toBe("diverged");
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a call whose visited node the edit removes diverges there (the property can fail)", () => {
    fc.assert(
      fc.property(shapes, walks, (shape, walk) => {
        const pathway = buildPathway(shape);
        const record = recordWalk(pathway, walk, undefined);
        const visited = [...new Set(record.log!.map((e) => e.nodeId!))].filter((id) => id !== "s");
        fc.pre(visited.length > 0);
        const gone = visited[0]!;
        const edited = { ...pathway, nodes: (pathway.nodes as { id: string }[]).filter((n) => n.id !== gone) } as Pathway;
        expect(replayCall(record, edited, { base: pathway })).toMatchObject({ status: "diverged", divergence: { reason: "node-removed", nodeId: gone } });
      }),
      { numRuns: 100 },
    );
  });
});
