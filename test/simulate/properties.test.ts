// Properties: generated scenarios cover every reachable edge and pass on their own pathway; a scenario's trace never varies.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { generatePathway } from "../../scripts/generate-pathway.js";
import { getReachability } from "../../src/graph/index.js";
import { getEdges } from "../../src/model/index.js";
import { itCorpus, parseableCorpus } from "../support/corpus.js";
import type { Pathway } from "../../src/model/index.js";
import {
  createInitialState,
  createKeywordDecider,
  createSimulator,
  generateScenarios,
  getCandidates,
  getCoverage,
  getSatisfyingValue,
  loadScenario,
  runScenario,
  toScenarioYaml,
  transition,
  type SimState,
} from "../../src/simulate/index.js";
import { getEventsSince } from "../../src/simulate/trace-log.js";

/**
 * Every edge and route way some turn sequence of at most `maxTurns` turns takes, found by brute force: a breadth-first
 * search over whole states (node, return stack and variables), trying every choice with the inputs that pick each
 * route of the Route node it leads to. The oracle for "uncovered means no scenario could take it".
 */
function takeable(pathway: Pathway, maxTurns = 12): Set<string> {
  const sim = createSimulator(pathway, { maxTurns: maxTurns + 1 });
  const keys = new Set<string>();
  // States differ only by what a condition can read: the variables route and edge conditions name.
  const fields = new Set(
    JSON.stringify(pathway)
      .match(/"field":"[^"]*"/g)
      ?.map((f) => f.slice(9, -1)),
  );
  const keyOf = (s: SimState) => JSON.stringify([s.nodeId, s.returnTo, [...fields].map((f) => s.variables[f])]);
  let frontier = [createInitialState(sim)];
  const seen = new Set(frontier.map(keyOf));
  for (let depth = 0; depth < maxTurns && frontier.length > 0; depth++) {
    const next: SimState[] = [];
    for (const state of frontier) {
      for (const c of getCandidates(sim, state.nodeId!)) {
        const target = sim.nodes.get(c.targetId);
        const routes =
          target?.type === "Route" ? ((target.data as { routes?: { conditions?: { field: string; operator: string; value: unknown }[] }[] }).routes ?? []) : [];
        const variants = [
          {},
          ...routes.map((r) => Object.fromEntries((r.conditions ?? []).map((k) => [k.field, getSatisfyingValue(k.operator, k.value)]))),
          Object.fromEntries(routes.flatMap((r) => (r.conditions ?? []).map((k) => [k.field, "__none__"]))),
        ];
        for (const vars of variants) {
          const after = transition(sim, state, { user: "x", take: c.kind === "edge" ? c.id : c.targetId, vars });
          for (const e of getEventsSince(state, after)) if (e.type === "move") keys.add(e.edgeId ?? `${e.from} → ${e.to}`);
          if (after.status !== "active" || seen.has(keyOf(after))) continue;
          seen.add(keyOf(after));
          next.push(after);
        }
      }
    }
    frontier = next;
  }
  return keys;
}

function runAll(pathway: Pathway) {
  const generated = generateScenarios(pathway);
  const results = generated.scenarios.map((scenario) => {
    const loaded = loadScenario(toScenarioYaml(scenario));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    return runScenario(pathway, loaded.scenario);
  });
  return { generated, results };
}

describe("generated scenarios", () => {
  it("pass on their own pathway and together take every reachable edge (generated pathways)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 60 }), (nodes, seed, extra) => {
        const pathway = generatePathway({ nodes, edges: nodes - 1 + extra, seed });
        const { generated, results } = runAll(pathway);
        for (const r of results) expect(r.failures).toEqual([]);
        const coverage = getCoverage(
          pathway,
          results.map((r) => r.trace),
        );
        expect(generated.uncovered).toEqual([]);
        expect(coverage.edges.untested).toEqual([]);
        expect(coverage.edges.covered).toBe(getEdges(pathway).filter(({ edge }) => getReachability(pathway).reachable.includes(edge.source)).length);
      }),
      { numRuns: 40 },
    );
  });

  it("pass on pathways with Route nodes, and report the routes no input can take as uncovered, with why", () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 60 }), fc.integer({ min: 1, max: 10_000 }), (nodes, seed) => {
        const pathway = generatePathway({ nodes, edges: nodes * 2, seed, routeShare: 0.3 });
        const { generated, results } = runAll(pathway);
        for (const r of results) expect(r.failures).toEqual([]);
        const reachable = new Set(getReachability(pathway).reachable);
        // Each reachable Route node's second route needs x to be 1 and 2 at once.
        const impossible = pathway.nodes
          .filter((n) => n.type === "Route" && reachable.has(String(n.id)))
          .map((n) => `${String(n.id)} → ${(n.data as { routes: { targetNodeId: string }[] }).routes[1]!.targetNodeId}`);
        // Among others: in a chain of Route nodes x is still 1 from the route before, and some nodes are reached only
        // through a route no input takes.
        const why = new Map(generated.uncovered.map((u) => [u.id, u.reason]));
        for (const way of impossible) expect(why.get(way)).toContain("Route condition");
        // And nothing left uncovered that some sequence of turns could take.
        const canTake = takeable(pathway);
        expect(generated.uncovered.filter((u) => canTake.has(u.id))).toEqual([]);
      }),
      // 14 nodes, seed 9997: a walk that went round a Route and back, turn after turn, and left two edges untaken.
      { numRuns: 30, examples: [[14, 9997]] },
    );
  });

  it("take an edge whose condition needs a variable set on a longer way round, not only on the first way to its node", () => {
    // Q → W needs y == 5, which only the Route R0 sets; the first way to Q (through M) never passes R0.
    const node = (id: string, type = "Default", data: Record<string, unknown> = {}) => ({ id, type, data: { name: id, prompt: id, ...data } });
    const edge = (id: string, source: string, target: string, label: string, condition?: [string, string, string]) => ({
      id,
      source,
      target,
      label,
      ...(condition && { data: { condition: [{ field: condition[0], operator: condition[1], value: condition[2] }] } }),
    });
    const pathway = {
      name: "Vars",
      nodes: [
        node("S", "Default", { isStart: true }),
        ...["X", "M", "N", "P", "Q"].map((id) => node(id)),
        node("R0", "Route", { routes: [{ targetNodeId: "X", conditions: [{ field: "y", operator: "==", value: "5" }] }], fallbackNodeId: "X" }),
        node("W", "End Call"),
        node("E", "End Call"),
      ],
      edges: [
        edge("sx", "S", "X", "go x"),
        edge("xm", "X", "M", "to m", ["y", "!=", "5"]),
        edge("xn", "X", "N", "to n"),
        edge("xr", "X", "R0", "set y"),
        edge("mq", "M", "Q", "m to q"),
        edge("np", "N", "P", "to p"),
        edge("pq", "P", "Q", "p to q"),
        edge("cond", "Q", "W", "when y is 5", ["y", "==", "5"]),
        edge("plain", "Q", "E", "otherwise"),
      ],
    } as Pathway;
    const { generated, results } = runAll(pathway);
    for (const r of results) expect(r.failures).toEqual([]);
    expect(generated.uncovered).toEqual([]);
    expect(generated.scenarios.some((s) => s.turns.some((t) => t.take === "when y is 5"))).toBe(true);
    // The brute-force oracle of the Route property sees this edge too.
    expect(takeable(pathway).has("cond")).toBe(true);
  });

  itCorpus("pass on every real corpus pathway they can be generated for", () => {
    for (const { name, value } of parseableCorpus) {
      const pathway = value as Pathway;
      if (!Array.isArray(pathway.nodes)) continue;
      const { results } = runAll(pathway);
      for (const r of results) expect({ name, failures: r.failures }).toEqual({ name, failures: [] });
    }
  });

  itCorpus("are few and short on the receptionist: two scenarios cover all 7 edges and the global node", () => {
    const receptionist = parseableCorpus.find((c) => c.name === "receptionist-auto-shop.json")!.value as Pathway;
    const { generated, results } = runAll(receptionist);
    expect(generated.scenarios.map((s) => s.turns.length)).toEqual([5, 2]);
    const coverage = getCoverage(
      receptionist,
      results.map((r) => r.trace),
    );
    expect([coverage.nodes.percent, coverage.edges.percent, coverage.globals.percent]).toEqual([100, 100, 100]);
  });
});

describe("determinism", () => {
  it("gives the same trace for the same scenario every time (scripted and keyword)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.constantFrom("book", "cancel", "human", "menu", "refund", "hours", "hello"), { minLength: 1, maxLength: 8 }),
        (seed, words) => {
          const pathway = generatePathway({ nodes: 30, seed });
          const scenario = loadScenario(
            `pathway: p.json\ndecider: keyword\nthreshold: 0.1\nturns:\n${words.map((w) => `  - user: caller wants ${w}\n`).join("")}`,
          );
          if (!scenario.ok) throw new Error("bad scenario");
          const a = runScenario(pathway, scenario.scenario);
          const b = runScenario(pathway, scenario.scenario, { decider: createKeywordDecider({ threshold: 0.1 }) });
          expect(b.trace).toEqual(a.trace);
          expect(JSON.stringify(runScenario(pathway, scenario.scenario))).toBe(JSON.stringify(a));
        },
      ),
      { numRuns: 50 },
    );
  });
});
