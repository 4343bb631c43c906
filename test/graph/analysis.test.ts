// The whole-pathway summary: counts by type, depth, branching and cycles.
import { describe, expect, it } from "vitest";
import { getPathwayAnalysis, getPathwayStats } from "../../src/graph/index.js";
import { generatePathway } from "../../scripts/generate-pathway.js";
import { node, pathway } from "./support.js";

describe("getPathwayStats", () => {
  it("counts types, depth, branching and cycles", () => {
    const p = pathway(
      [node("a"), node("b"), node("c"), node("end", "End Call")],
      [
        ["a", "b"],
        ["b", "c"],
        ["c", "b"],
        ["c", "end"],
        ["a", "a"],
      ],
    );
    expect(getPathwayStats(p)).toEqual({
      nodeCount: 4,
      edgeCount: 5,
      flowEdgeCount: 5,
      countsByType: { Default: 3, "End Call": 1 },
      depth: 3,
      branching: { mean: 1.67, max: 2 },
      cycles: { count: 2, nodes: 3 },
    });
  });
});

describe("getPathwayAnalysis", () => {
  it("finds nothing wrong in the reachability of a generated pathway", () => {
    const a = getPathwayAnalysis(generatePathway({ nodes: 300, seed: 3 }));
    expect(a.start).toBe("node-0");
    expect(a.unreachable).toEqual([]);
    expect(a.stats.nodeCount).toBe(300);
    expect(a.terminals.length).toBeGreaterThan(0);
  });
});
