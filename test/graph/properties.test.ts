// Properties of the analyses on random graphs, checked against plain oracles: BFS, "can reach an ending", and order-independence.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createFlowModel, getDeadEnds, getDominatorTree, getReachability, getTraps, getVariableFindings } from "../../src/graph/index.js";
import type { Pathway } from "../../src/model/index.js";
import { shuffled } from "../support/arbitraries.js";

const TYPES = ["Default", "Default", "Default", "End Call", "Transfer Call", "Route"] as const;

/** Random pathways: node 0 starts, some nodes are global, exits and routes; edges between random nodes, some dangling. */
const randomPathway: fc.Arbitrary<Pathway> = fc
  .record({
    count: fc.integer({ min: 1, max: 25 }),
    types: fc.array(fc.constantFrom(...TYPES), { minLength: 25, maxLength: 25 }),
    globals: fc.array(fc.nat(24), { maxLength: 3 }),
    autoReturn: fc.boolean(),
    edges: fc.array(fc.tuple(fc.nat(24), fc.nat(25)), { maxLength: 60 }),
    routes: fc.array(fc.tuple(fc.nat(24), fc.nat(24)), { maxLength: 5 }),
    defs: fc.array(fc.tuple(fc.nat(24), fc.constantFrom("a", "b")), { maxLength: 6 }),
    uses: fc.array(fc.tuple(fc.nat(24), fc.constantFrom("a", "b", "c")), { maxLength: 6 }),
  })
  .map(({ count, types, globals, autoReturn, edges, routes, defs, uses }) => {
    const nodes = Array.from({ length: count }, (_, i) => {
      const data: Record<string, unknown> = { name: `N${i}` };
      if (i === 0) data.isStart = true;
      if (globals.includes(i) && i !== 0) Object.assign(data, { isGlobal: true, globalLabel: "g", enableGlobalAutoReturn: autoReturn });
      const type = i === 0 ? "Default" : types[i]!;
      if (type === "Route") data.routes = routes.filter(([s]) => s % count === i).map(([, t]) => ({ targetNodeId: `n${t % count}` }));
      const mine = defs.filter(([d]) => d % count === i).map(([, v]) => [v, "string", v]);
      if (mine.length) data.extractVars = mine;
      const used = uses.filter(([u]) => u % count === i).map(([, v]) => `{{${v}}}`);
      if (used.length) data.prompt = used.join(" ");
      return { id: `n${i}`, type, data };
    });
    return {
      nodes,
      edges: edges.map(([s, t], i) => ({ id: `e${i}`, source: `n${s % count}`, target: t === 25 ? "nowhere" : `n${t % count}`, label: `l${i}` })),
    } as Pathway;
  });

/** Successor lists, the oracle's way: edges and routes, none out of a node where the call has left (End Call, transfer). */
function successors(p: Pathway): Map<string, string[]> {
  const ids = new Set(p.nodes.map((n) => (n as { id: string }).id));
  const left = new Set((p.nodes as { id: string; type: string }[]).filter((n) => n.type === "End Call" || n.type === "Transfer Call").map((n) => n.id));
  const out = new Map<string, string[]>([...ids].map((id) => [id, []]));
  for (const e of p.edges ?? []) if (ids.has(e.source) && ids.has(e.target) && !left.has(e.source)) out.get(e.source)!.push(e.target);
  for (const n of p.nodes as { id: string; data: { routes?: { targetNodeId: string }[] } }[]) {
    if (!left.has(n.id)) for (const r of n.data.routes ?? []) out.get(n.id)!.push(r.targetNodeId);
  }
  return out;
}

function bfs(p: Pathway): Set<string> {
  const out = successors(p);
  const globals = (p.nodes as { id: string; data: { isGlobal?: boolean } }[]).filter((n) => n.data.isGlobal).map((n) => n.id);
  const seen = new Set<string>(["n0"]);
  const queue = ["n0"];
  while (queue.length) {
    const v = queue.shift()!;
    const next = [...out.get(v)!, ...(globals.includes(v) ? [] : globals)];
    for (const w of next) if (!seen.has(w)) seen.add(w), queue.push(w);
  }
  return seen;
}

function canEnd(p: Pathway, from: string): boolean {
  const out = successors(p);
  const byId = new Map((p.nodes as { id: string; type: string; data: { enableGlobalAutoReturn?: boolean; isGlobal?: boolean } }[]).map((n) => [n.id, n]));
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length) {
    const v = stack.pop()!;
    const n = byId.get(v)!;
    if (n.type === "End Call" || n.type === "Transfer Call" || (n.data.isGlobal && n.data.enableGlobalAutoReturn)) return true;
    for (const w of out.get(v)!) if (!seen.has(w)) seen.add(w), stack.push(w);
  }
  return false;
}

function shuffle(p: Pathway, seed: number): Pathway {
  const [start, ...rest] = p.nodes;
  return { ...p, nodes: [start!, ...shuffled(rest, seed)], edges: shuffled(p.edges ?? [], seed + 1) };
}

const sorted = (items: readonly string[]) => [...items].sort();
const sortedSets = (sets: readonly string[][]) =>
  sets
    .map(sorted)
    .map((s) => s.join(","))
    .sort();

describe("graph analyses on random pathways", () => {
  it("reports exactly the nodes a plain breadth-first search does not reach", () => {
    fc.assert(
      fc.property(randomPathway, (p) => {
        const reached = bfs(p);
        const { unreachable, reachable } = getReachability(p);
        const all = (p.nodes as { id: string }[]).map((n) => n.id);
        expect(sorted(reachable)).toEqual(sorted(all.filter((id) => reached.has(id))));
        expect(sorted(unreachable)).toEqual(sorted(all.filter((id) => !reached.has(id))));
      }),
      { numRuns: 300 },
    );
  });

  it("reports traps from which no ending can be reached, and every cycle that cannot reach one", () => {
    fc.assert(
      fc.property(randomPathway, (p) => {
        const traps = getTraps(p);
        for (const trap of traps) for (const id of trap) expect(canEnd(p, id)).toBe(false);
        const trapped = new Set(traps.flat());
        const out = successors(p);
        // Any node on a cycle (it reaches itself) that cannot end must be in some trap.
        for (const [id] of out) {
          const onCycle = [...out.get(id)!].some((w) => w === id || reachesFrom(out, w, id));
          if (onCycle && !canEnd(p, id)) expect(trapped.has(id)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same findings whatever the order of nodes and edges", () => {
    fc.assert(
      fc.property(randomPathway, fc.integer(), (p, seed) => {
        const q = shuffle(p, seed);
        expect(sorted(getReachability(q).unreachable)).toEqual(sorted(getReachability(p).unreachable));
        expect(sorted(getDeadEnds(q))).toEqual(sorted(getDeadEnds(p)));
        expect(sortedSets(getTraps(q))).toEqual(sortedSets(getTraps(p)));
        const key = (f: ReturnType<typeof getVariableFindings>) => ({
          undefined: sorted(f.undefined.map((u) => `${u.name}@${u.nodeId}`)),
          maybeUnset: sorted(f.maybeUnset.map((u) => `${u.name}@${u.nodeId}`)),
        });
        expect(key(getVariableFindings(q))).toEqual(key(getVariableFindings(p)));
      }),
      { numRuns: 300 },
    );
  });

  it("reports a variable as maybe unset exactly when a path avoiding its definers reaches the use", () => {
    fc.assert(
      fc.property(randomPathway, (p) => {
        const reached = bfs(p);
        const found = new Set(getVariableFindings(p).maybeUnset.map((u) => `${u.name}@${u.nodeId}`));
        for (const n of p.nodes as { id: string; data: { prompt?: string } }[]) {
          for (const m of (n.data.prompt ?? "").matchAll(/\{\{(\w+)\}\}/g)) {
            const name = m[1]!;
            const definers = (p.nodes as { id: string; data: { extractVars?: unknown[][] } }[])
              .filter((d) => d.data.extractVars?.some((v) => v[0] === name))
              .map((d) => d.id);
            if (definers.length === 0 || definers.includes(n.id) || !reached.has(n.id)) continue;
            expect(found.has(`${name}@${n.id}`)).toBe(reachesAvoiding(p, n.id, new Set(definers)));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

function reachesFrom(out: Map<string, string[]>, from: string, to: string): boolean {
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length) {
    const v = stack.pop()!;
    if (v === to) return true;
    for (const w of out.get(v)!) if (!seen.has(w)) seen.add(w), stack.push(w);
  }
  return false;
}

/** Whether a path from the start reaches `target` without leaving any node in `blocked` (globals entered from non-globals). */
function reachesAvoiding(p: Pathway, target: string, blocked: Set<string>): boolean {
  const out = successors(p);
  const globals = (p.nodes as { id: string; data: { isGlobal?: boolean } }[]).filter((n) => n.data.isGlobal).map((n) => n.id);
  const seen = new Set<string>(["n0"]);
  const queue = ["n0"];
  while (queue.length) {
    const v = queue.shift()!;
    if (v === target) return true;
    if (blocked.has(v)) continue;
    for (const w of [...out.get(v)!, ...(globals.includes(v) ? [] : globals)]) if (!seen.has(w)) seen.add(w), queue.push(w);
  }
  return false;
}

describe("dominator tree", () => {
  it("says d dominates u exactly when u cannot be reached from the start without passing d", () => {
    fc.assert(
      fc.property(randomPathway, (p) => {
        const g = createFlowModel(p);
        const tree = getDominatorTree(g);
        const reached = bfs(p);
        for (const [d, dId] of g.ids.entries()) {
          for (const [u, uId] of g.ids.entries()) {
            if (!reached.has(uId) || !reached.has(dId)) continue;
            expect(tree.dominates(d, u)).toBe(d === u || !reachesAvoiding(p, uId, new Set([dId])));
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
