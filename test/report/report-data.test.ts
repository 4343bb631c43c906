// toReportData: findings, diff and coverage land on the drawn node or edge they name; masked values stay masked.
import { describe, expect, it } from "vitest";
import { getPathwayDiff } from "../../src/diff/index.js";
import { getEdgeEntryIndex, toDirectedGraph } from "../../src/export/index.js";
import { getRankLayout } from "../../src/layout/index.js";
import type { Pathway } from "../../src/model/index.js";
import { MASK, toReportData } from "../../src/report/index.js";

const pathway = {
  name: "t",
  nodes: [
    { id: "a", type: "Default", data: { name: "A", isStart: true, prompt: "Hello {{who}}", extractVars: [["when", "string", "a time"]] } },
    {
      id: "r",
      type: "Route",
      data: { name: "R", routes: [{ conditions: [{ field: "when", operator: "is", value: "now" }], targetNodeId: "c" }], fallbackNodeId: "c" },
    },
    { id: "c", type: "Webhook", data: { name: "C", url: "https://x", headers: [["Authorization", "Bearer secret-value"]] } },
  ],
  edges: [
    { id: "bad", source: 5, target: "a" },
    { id: "e1", source: "a", target: "r", label: "go" },
    { id: "e2", source: "r", target: "c", label: "on" },
  ],
} as unknown as Pathway;

describe("toReportData", () => {
  const graph = toDirectedGraph(pathway);
  const layout = getRankLayout(graph);

  it("puts a finding on edges[2] on the drawn edge from that entry, skipping entries without string endpoints", () => {
    const data = toReportData({
      pathway,
      graph,
      layout,
      diagnostics: [
        { ruleId: "x", severity: "warning", message: "m", pointer: "/edges/2/label" },
        { ruleId: "y", severity: "error", message: "n", pointer: "/nodes/2/data/url" },
      ],
    });
    const edge = data.edges[data.findings[0]!.edge!]!;
    expect([data.nodes.find((n) => n.key === edge.from)!.id, data.nodes.find((n) => n.key === edge.to)!.id, edge.fileIndex]).toEqual(["r", "c", 2]);
    expect(data.nodes.find((n) => n.id === "c")!.findings).toEqual([1]);
  });

  it("maps edges[i] through the index each drawn edge carries, even when other ways are left out of the drawing", () => {
    // Drawn around "c" at depth 1: the edge entry a -> r is left out, so drawn edge 0 is entries[2], not entries[1].
    const focused = toDirectedGraph(pathway, { focus: "c", depth: 1 });
    expect(focused.edges.map((e) => [e.kind, getEdgeEntryIndex(e)])).toEqual([
      ["edge", 2],
      ["route", undefined],
      ["fallback", undefined],
    ]);
    const data = toReportData({
      pathway,
      graph: focused,
      layout: getRankLayout(focused),
      diagnostics: [
        { ruleId: "x", severity: "warning", message: "m", pointer: "/edges/2" },
        { ruleId: "x", severity: "warning", message: "m", pointer: "/edges/1" },
      ],
    });
    expect(data.findings.map((f) => f.edge)).toEqual([0, undefined]);
    expect(data.edges.map((e) => e.fileIndex)).toEqual([2, undefined, undefined]);
  });

  it("lists variables, masks header values in the data and in diff changes, and colours edge coverage by edge id", () => {
    const before = structuredClone(pathway) as unknown as { nodes: { data: Record<string, unknown> }[] };
    before.nodes[2]!.data.headers = [["Authorization", "Bearer old-secret"]];
    const diff = getPathwayDiff(before, pathway);
    const cat = (untested: string[], unreachable: string[] = []) => ({
      covered: 0,
      total: 0,
      percent: 0,
      untested: untested.map((id) => ({ id, label: id })),
      unreachable: unreachable.map((id) => ({ id, label: id })),
    });
    const data = toReportData({
      pathway,
      graph,
      layout,
      diff: { base: "old.json", diff },
      coverage: { source: "c.json", coverage: { nodes: cat(["c"]), edges: cat(["e2"]), globals: cat([]) } },
    });
    const a = data.nodes.find((n) => n.id === "a")!;
    expect(a.reads).toEqual(["who"]);
    expect(a.extracts).toEqual(["when"]);
    const c = data.nodes.find((n) => n.id === "c")!;
    expect(JSON.stringify(data)).not.toMatch(/secret-value|old-secret/);
    expect(c.data).toMatchObject({ headers: [["Authorization", MASK]] });
    expect(c.diff).toBe("changed");
    expect(c.changes!.every((ch) => ch.before === MASK && ch.after === MASK)).toBe(true);
    expect(c.coverage).toBe("untested");
    expect(a.coverage).toBe("covered");
    expect(data.edges.filter((e) => e.fileIndex !== undefined).map((e) => [e.fileIndex, e.coverage])).toEqual([
      [1, "covered"],
      [2, "untested"],
    ]);
  });
});
