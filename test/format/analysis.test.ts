// The analyze summary counts in words that agree with the number ("1 edge", "2 edges").
import { describe, expect, it } from "vitest";
import { formatAnalysis } from "../../src/format/analysis.js";
import { getPathwayAnalysis } from "../../src/graph/index.js";

const start = { id: "a", type: "Default", data: { name: "A", isStart: true, prompt: "Hi" } };
const end = { id: "b", type: "End Call", data: { name: "B", prompt: "Bye" } };

describe("formatAnalysis", () => {
  it("says 1 node, 1 edge and 1 step in the singular", () => {
    const text = formatAnalysis(getPathwayAnalysis({ nodes: [start, end], edges: [{ id: "e", source: "a", target: "b", label: "done" }] }));
    expect(text).toMatch(/: 2 nodes, 1 edge \(1 flow edge incl\. routes\)/);
    expect(text).toContain("Depth:          1 step from the start");
    expect(text).not.toMatch(/\b1 (edges|nodes|steps)\b/);
  });

  it("keeps the plural for 0 and for more than 1", () => {
    const text = formatAnalysis(getPathwayAnalysis({ nodes: [start], edges: [] }));
    expect(text).toMatch(/: 1 node, 0 edges \(0 flow edges incl\. routes\)/);
  });
});
