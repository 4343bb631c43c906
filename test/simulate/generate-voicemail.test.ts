// Generated scenarios take every reachable voicemail edge, wherever its transfer is (a chain of transfers, after a
// global node, after a route), and pass when run: a property over generated pathways, and the issue's own case.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createFlowModel, getFlowWays, getSearchTree } from "../../src/graph/index.js";
import type { Pathway } from "../../src/model/index.js";
import { generateScenarios, loadScenario, runScenario, toScenarioYaml } from "../../src/simulate/index.js";

type Kind = "default" | "transfer" | "route" | "end" | "global-default" | "global-transfer";

/** A pathway shape: the kinds of the nodes after the start, and a stream of choices that wires them. */
interface Shape {
  kinds: Kind[];
  picks: number[];
  voicemail: boolean[];
}

/**
 * Builds a pathway: a Default start, then the nodes of `kinds`. Default nodes (and the start) get one or two edges to
 * any node; each transfer a voicemail edge (when `voicemail` says so) to a node that is not a Route; each Route one
 * route (`choice == r<i>`) and a fallback, both to nodes that are not Routes (the generator steers the Route it enters,
 * not a second one the same turn passes). Global nodes are jumped to from anywhere.
 */
function buildPathway({ kinds, picks, voicemail }: Shape): Pathway {
  let p = 0;
  const pick = (n: number) => picks[p++ % picks.length]! % n;
  const ids = ["s", ...kinds.map((_, i) => `n${i}`)];
  const kindOf = (id: string): Kind | "start" => (id === "s" ? "start" : kinds[Number(id.slice(1))]!);
  const others = ids.slice(1);
  const notRoute = others.filter((id) => kindOf(id) !== "route");
  const nodes: Record<string, unknown>[] = [{ id: "s", type: "Default", data: { name: "Start", isStart: true, text: "Hello." } }];
  const edges: Record<string, unknown>[] = [];
  const edge = (source: string, target: string, data: Record<string, unknown> = {}) =>
    edges.push({ id: `e${edges.length}`, source, target, label: `go ${edges.length}`, ...(Object.keys(data).length > 0 && { data }) });
  kinds.forEach((kind, i) => {
    const id = `n${i}`;
    const name = `${kind} ${i}`;
    const global = kind.startsWith("global-") ? { isGlobal: true, globalLabel: `The caller asks for ${name}` } : {};
    if (kind === "default" || kind === "global-default") nodes.push({ id, type: "Default", data: { name, text: `At ${name}.`, ...global } });
    else if (kind === "transfer" || kind === "global-transfer") {
      nodes.push({
        id,
        type: "Transfer Call",
        data: { name, transferNumber: `+1415555${String(1000 + i)}`, warmTransferFields: { isEnabled: true, agentPrompt: "Brief the desk." }, ...global },
      });
    } else if (kind === "route") {
      const to = notRoute.filter((t) => t !== id);
      nodes.push({
        id,
        type: "Route",
        data: {
          name,
          routes: [{ conditions: [{ field: "choice", operator: "==", value: `r${i}` }], targetNodeId: to[pick(to.length)] }],
          fallbackNodeId: to[pick(to.length)],
        },
      });
    } else nodes.push({ id, type: "End Call", data: { name, text: "Goodbye." } });
  });
  for (const id of ["s", ...others]) {
    const kind = kindOf(id);
    if (kind === "start" || kind === "default" || kind === "global-default") {
      const count = 1 + pick(2);
      for (let k = 0; k < count; k++) edge(id, others[pick(others.length)]!);
    }
    if ((kind === "transfer" || kind === "global-transfer") && voicemail[Number(id.slice(1)) % voicemail.length]) {
      const to = notRoute.filter((t) => t !== id);
      if (to.length > 0) edge(id, to[pick(to.length)]!, { isVoicemailEdge: true });
    }
  }
  return { name: "Voicemail", nodes, edges } as unknown as Pathway;
}

const shapes = fc.record({
  kinds: fc.array(fc.constantFrom<Kind>("default", "transfer", "transfer", "route", "end", "global-default", "global-transfer"), {
    minLength: 2,
    maxLength: 8,
  }),
  picks: fc.array(fc.nat(1000), { minLength: 40, maxLength: 40 }),
  voicemail: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
});

/** The ids of the voicemail edges a call can take: their transfer node is reachable in the flow model. */
function reachableVoicemailEdges(pathway: Pathway): string[] {
  const flow = createFlowModel(pathway);
  const { distance } = getSearchTree(flow);
  return getFlowWays(flow)
    .filter((w) => w.kind === "voicemail" && w.fromIndex >= 0 && distance[w.fromIndex]! >= 0)
    .map((w) => String((pathway.edges as { id: string }[])[w.ref]!.id));
}

/** Generates the scenarios, writes and reads each back as a file would, and runs it on the pathway. */
function generateAndRun(pathway: Pathway) {
  const generated = generateScenarios(pathway, { maxTurns: 20 });
  const results = generated.scenarios.map((scenario) => {
    const loaded = loadScenario(toScenarioYaml(scenario));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    return runScenario(pathway, loaded.scenario);
  });
  return { generated, results };
}

describe("generated scenarios and voicemail edges", () => {
  it("cover a warm transfer's voicemail edge to a second transfer, entered from a Default node by an ordinary edge", () => {
    const pathway = {
      name: "Desk",
      nodes: [
        { id: "start", type: "Default", data: { name: "Start", isStart: true, text: "How can I help?" } },
        {
          id: "desk",
          type: "Transfer Call",
          data: { name: "Front desk", transferNumber: "+12155550100", warmTransferFields: { isEnabled: true, agentPrompt: "Brief the desk." } },
        },
        { id: "backup", type: "Transfer Call", data: { name: "Backup line", transferNumber: "+12155550101" } },
      ],
      edges: [
        { id: "e-start", source: "start", target: "desk", label: "The caller wants a person" },
        { id: "e-vm", source: "desk", target: "backup", data: { label: "Nobody picked up", isVoicemailEdge: true } },
      ],
    } as unknown as Pathway;
    const { generated, results } = generateAndRun(pathway);
    expect(generated.uncovered).toEqual([]);
    for (const r of results) expect(r.failures).toEqual([]);
    // The desk is not answered, the backup line is: the call is transferred there.
    const turn = generated.scenarios.flatMap((s) => s.turns).find((t) => t.transfer !== undefined);
    expect(turn).toMatchObject({ take: "The caller wants a person", transfer: ["not-answered"], expect: { node: "Backup line" } });
  });

  it("take every reachable voicemail edge, in chains, after globals and after routes, and pass when run (generated pathways)", () => {
    const seen = { chain: 0, global: 0, route: 0 };
    fc.assert(
      fc.property(shapes, (shape) => {
        const pathway = buildPathway(shape);
        const voicemail = reachableVoicemailEdges(pathway);
        const { generated, results } = generateAndRun(pathway);
        for (const r of results) expect(r.failures, r.name).toEqual([]);
        expect(generated.uncovered.filter((u) => voicemail.includes(u.id))).toEqual([]);
        // Which positions the run met: a voicemail edge into a transfer, out of a global, a transfer after a route.
        const edges = pathway.edges as { id: string; source: string; target: string }[];
        const type = (id: string) => (pathway.nodes as { id: string; type: string; data: { isGlobal?: boolean } }[]).find((n) => n.id === id)!;
        for (const id of voicemail) {
          const e = edges.find((x) => x.id === id)!;
          if (type(e.target).type === "Transfer Call") seen.chain++;
          if (type(e.source).data.isGlobal) seen.global++;
          if (
            (pathway.nodes as { type: string; data: { routes?: { targetNodeId: string }[]; fallbackNodeId?: string } }[]).some(
              (n) => n.type === "Route" && (n.data.fallbackNodeId === e.source || n.data.routes?.[0]?.targetNodeId === e.source),
            )
          )
            seen.route++;
        }
      }),
      { numRuns: 150 },
    );
    expect(seen.chain).toBeGreaterThan(0);
    expect(seen.global).toBeGreaterThan(0);
    expect(seen.route).toBeGreaterThan(0);
  });
});
