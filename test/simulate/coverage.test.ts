// Coverage: nodes, edges and global entries over runs, with unreachable items kept apart from untested ones.
import { describe, expect, it } from "vitest";
import type { Pathway } from "../../src/model/index.js";
import { createInitialState, createSimulator, getCoverage, getCoverageShortfalls, parseMinCoverage, transition } from "../../src/simulate/index.js";

const pathway = {
  nodes: [
    { id: "a", type: "Default", data: { name: "A", isStart: true, text: "a" } },
    { id: "b", type: "Default", data: { name: "B", text: "b" } },
    { id: "c", type: "End Call", data: { name: "C", text: "c" } },
    { id: "island", type: "Default", data: { name: "Island", text: "never" } },
    { id: "g", type: "Default", data: { name: "G", isGlobal: true, globalLabel: "help", text: "g" } },
  ],
  edges: [
    { id: "ab", source: "a", target: "b", label: "go" },
    { id: "bc", source: "b", target: "c", label: "end" },
    { id: "ac", source: "a", target: "c", label: "quick end" },
    { id: "island-a", source: "island", target: "a", label: "nope" },
  ],
} as Pathway;

describe("getCoverage", () => {
  it("counts entered nodes, taken edges and global jumps over reachable items, listing untested and unreachable apart", () => {
    const sim = createSimulator(pathway);
    const s1 = transition(sim, createInitialState(sim), { user: "go", take: "ab" });
    const s2 = transition(sim, s1, { user: "end", take: "bc" });
    const coverage = getCoverage(pathway, [s2.trace]);
    expect(coverage.nodes).toMatchObject({ covered: 3, total: 4, percent: 75 });
    expect(coverage.nodes.untested.map((i) => i.id)).toEqual(["g"]);
    expect(coverage.nodes.unreachable.map((i) => i.id)).toEqual(["island"]);
    expect(coverage.edges).toMatchObject({ covered: 2, total: 3 });
    expect(coverage.edges.untested).toEqual([{ id: "ac", label: '"A" → "C" (quick end)' }]);
    expect(coverage.edges.unreachable.map((i) => i.id)).toEqual(["island-a"]);
    expect(coverage.globals).toMatchObject({ covered: 0, total: 1, percent: 0 });
    const withGlobal = transition(sim, createInitialState(sim), { user: "help", take: "G" });
    expect(getCoverage(pathway, [s2.trace, withGlobal.trace]).globals.percent).toBe(100);
  });

  it("reports the kinds below the minimum", () => {
    const coverage = getCoverage(pathway, []);
    expect(parseMinCoverage("nodes=90, edges=80%")).toEqual({ nodes: 90, edges: 80 });
    expect(getCoverageShortfalls(coverage, { nodes: 90, globals: 0 })).toEqual(["nodes coverage 0% is below the minimum 90%"]);
    expect(() => parseMinCoverage("branches=50")).toThrow(/expected <nodes\|edges\|globals>=<percent/);
    expect(() => parseMinCoverage("nodes=150")).toThrow();
  });
});
