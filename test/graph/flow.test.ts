// The flow model: its compressed rows hold exactly the ways a plain reading of the pathway finds, in file order.
import fc from "fast-check";
import { expect, it } from "vitest";
import { createFlowModel, getFlowEdgeKind } from "../../src/graph/index.js";

const id = fc.constantFrom("a", "b", "c", "d", 7);

const node = fc.record(
  {
    id,
    type: fc.constantFrom("Default", "Route", "Webhook"),
    data: fc.record(
      {
        routes: fc.array(fc.record({ targetNodeId: id }), { maxLength: 2 }),
        fallbackNodeId: id,
        responsePathways: fc.array(fc.tuple(fc.constant("x"), fc.constant("="), fc.constant(""), fc.record({ id })), { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ["id"] },
);

const pathway = fc.record({
  nodes: fc.array(fc.oneof(node, fc.constant({ globalConfig: {} })), { maxLength: 6 }),
  edges: fc.array(fc.oneof(fc.record({ id: fc.string(), source: id, target: id }), fc.constant(null)), { maxLength: 8 }),
});

type Flow = [from: string, to: string, kind: string, ref: number];

/** The flow edges read straight from the value: edges first, then each node's routes, fallback and response routes. */
function readFlows(p: { nodes: unknown[]; edges: unknown[] }): Flow[] {
  const ids = new Set(p.nodes.flatMap((n) => (typeof (n as { id?: unknown }).id === "string" ? [(n as { id: string }).id] : [])));
  const known = (x: unknown): x is string => typeof x === "string" && ids.has(x);
  const flows: Flow[] = [];
  p.edges.forEach((e, index) => {
    const edge = e as { source?: unknown; target?: unknown } | null;
    if (edge && known(edge.source) && known(edge.target)) flows.push([edge.source, edge.target, "edge", index]);
  });
  const seen = new Set<string>();
  for (const n of p.nodes as {
    id?: unknown;
    data?: { routes?: { targetNodeId: unknown }[]; fallbackNodeId?: unknown; responsePathways?: [unknown, unknown, unknown, { id: unknown }][] };
  }[]) {
    if (!known(n.id) || seen.has(n.id)) continue;
    seen.add(n.id);
    n.data?.routes?.forEach((r, i) => known(r.targetNodeId) && flows.push([n.id as string, r.targetNodeId, "route", i]));
    if (known(n.data?.fallbackNodeId)) flows.push([n.id, n.data!.fallbackNodeId as string, "fallback", 0]);
    n.data?.responsePathways?.forEach((t, i) => known(t[3].id) && flows.push([n.id as string, t[3].id as string, "response", i]));
  }
  return flows;
}

it("holds every flow edge once, grouped by source in file order, and the same edges grouped by target", () => {
  fc.assert(
    fc.property(pathway, (p) => {
      const g = createFlowModel(p as never);
      const out: Flow[] = [];
      const incoming: [string, string][] = [];
      for (let v = 0; v < g.ids.length; v++) {
        for (let q = g.outOffset[v]!; q < g.outOffset[v + 1]!; q++)
          out.push([g.ids[v]!, g.ids[g.outTarget[q]!]!, getFlowEdgeKind(g.outKind[q]!), g.outRef[q]!]);
        for (let q = g.inOffset[v]!; q < g.inOffset[v + 1]!; q++) incoming.push([g.ids[g.inSource[q]!]!, g.ids[v]!]);
      }
      const flows = readFlows(p);
      const order = new Map(g.ids.map((x, i) => [x, i]));
      const bySource = [...flows].sort((x, y) => order.get(x[0])! - order.get(y[0])!);
      expect(out).toEqual(bySource);
      const byTarget = flows.map(([from, to]): [string, string] => [from, to]).sort((x, y) => order.get(x[1])! - order.get(y[1])!);
      expect(incoming).toEqual(byTarget);
    }),
    { numRuns: 300 },
  );
});
