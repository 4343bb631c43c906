// simplifyGraph: parallel edges as one counted line, edges into hubs as stubs, every edge accounted for exactly once.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { getDrawingPlan, getNodeCaption, simplifyGraph, toDirectedGraph, toMermaid, type DirectedGraph } from "../../src/export/index.js";
import type { Pathway } from "../../src/model/index.js";
import { validPathway } from "../support/arbitraries.js";
import { createCompleteGraph, createHubAndSpoke, createParallelEdges } from "../support/dense-pathways.js";

const node = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: "Default", data: { name: id.toUpperCase(), prompt: "x", ...extra } });
const edge = (source: string, target: string, label: string) => ({ id: `${source}-${target}-${label}`, source, target, label });
const pathway = (nodes: unknown[], edges: unknown[]) => ({ name: "t", nodes, edges }) as unknown as Pathway;

/** Which lines come out, as "from>to:count" (stubs as "from>stub:count"), by node ids. */
function lines(graph: DirectedGraph, hubInDegree?: number): string[] {
  const out = simplifyGraph(graph, hubInDegree === undefined ? {} : { hubInDegree });
  const id = (key: string) => {
    const n = out.nodes.find((m) => m.key === key)!;
    return n.kind === "stub" ? "stub" : n.id;
  };
  return out.edges.map((e) => `${id(e.from)}>${id(e.to)}:${e.merged?.length ?? 1}`);
}

describe("simplifyGraph", () => {
  const table: { name: string; pathway: Pathway; hubInDegree?: number; expected: string[] }[] = [
    { name: "a small pathway is unchanged", pathway: pathway([node("a", { isStart: true }), node("b")], [edge("a", "b", "go")]), expected: ["a>b:1"] },
    {
      name: "parallel edges are one line",
      pathway: pathway([node("a", { isStart: true }), node("b")], [edge("a", "b", "yes"), edge("a", "b", "sure"), edge("b", "a", "back")]),
      expected: ["a>b:2", "b>a:1"],
    },
    {
      name: "self-loops with the same kind are one line",
      pathway: pathway([node("a", { isStart: true })], [edge("a", "a", "again"), edge("a", "a", "repeat")]),
      expected: ["a>a:2"],
    },
    {
      name: "edges into a hub become one stub per source",
      pathway: pathway(
        [node("a", { isStart: true }), node("b"), node("c"), node("h")],
        [edge("a", "b", "1"), edge("b", "c", "2"), edge("a", "h", "x"), edge("b", "h", "y"), edge("c", "h", "z"), edge("c", "h", "w")],
      ),
      hubInDegree: 3,
      expected: ["a>b:1", "b>c:1", "a>stub:1", "b>stub:1", "c>stub:2"],
    },
    {
      name: "the start node is never a hub",
      pathway: pathway([node("a", { isStart: true }), node("b"), node("c")], [edge("b", "a", "1"), edge("c", "a", "2")]),
      hubInDegree: 1,
      expected: ["b>a:1", "c>a:1"],
    },
    {
      name: "0 turns stubs off",
      pathway: pathway([node("a", { isStart: true }), node("b"), node("h")], [edge("a", "h", "1"), edge("b", "h", "2")]),
      hubInDegree: 0,
      expected: ["a>h:1", "b>h:1"],
    },
  ];
  for (const c of table) it(c.name, () => expect(lines(toDirectedGraph(c.pathway), c.hubInDegree)).toEqual(c.expected));

  it("shows the hub's stubbed in-degree, and lists every merge in the legend", () => {
    const graph = simplifyGraph(toDirectedGraph(createHubAndSpoke(20, 16)));
    const hub = graph.nodes.find((n) => n.label === "Objection: price")!;
    expect(hub.stubbedIn).toBeGreaterThanOrEqual(20);
    const stub = graph.nodes.find((n) => n.kind === "stub")!;
    expect(stub.label).toMatch(/^→ Objection: price, /);
    expect(graph.legend[stub.note! - 1]!.text).toMatch(/^From ▶?.*drawn as a stub: \d+ edges to Objection: price \(caller says too expensive 0; /);
    expect(getNodeCaption(hub)).toBe(`Objection: price · ← ${hub.stubbedIn} by stubs`);
    expect(toMermaid(graph)).toContain(`${stub.key}>"`);
  });

  it("draws 5,000 parallel edges as one line whose legend entry is bounded", () => {
    const graph = simplifyGraph(toDirectedGraph(createParallelEdges(5000)));
    expect(graph.edges).toHaveLength(2);
    expect(graph.edges[0]!.label).toBe("×5000 [1]");
    expect(graph.legend[0]!.text).toMatch(/^5000 edges from Ask to Answer, drawn as one line: wording 0; .*; and 4988 more$/);
  });

  it("gives a complete graph of 200 nodes one stub per node, not one per edge", () => {
    const graph = simplifyGraph(toDirectedGraph(createCompleteGraph(200)));
    expect(graph.nodes.filter((n) => n.kind === "stub")).toHaveLength(200);
    expect(graph.edges.length).toBeLessThan(600);
  });

  it("accounts for every original edge exactly once: drawn, merged into a drawn line, or stubbed (fast-check)", () => {
    fc.assert(
      fc.property(validPathway, fc.integer({ min: 0, max: 4 }), (p, hubInDegree) => {
        const graph = toDirectedGraph(p);
        const plan = getDrawingPlan(graph, { hubInDegree });
        const covered = plan.flatMap((l) => l.edges).sort((a, b) => a - b);
        expect(covered).toEqual(graph.edges.map((_, i) => i));
        const out = simplifyGraph(graph, { hubInDegree });
        expect(out.edges).toHaveLength(plan.length);
        out.edges.forEach((e, k) => {
          const line = plan[k]!;
          const members = line.edges.map((i) => graph.edges[i]!);
          // Every member leaves the drawn line's source; a stubbed line ends at a stub naming the members' targets.
          for (const m of members) expect(m.from).toBe(e.from);
          const target = out.nodes.find((n) => n.key === e.to)!;
          if (line.stub) expect(new Set(target.stubOf)).toEqual(new Set(members.map((m) => m.to)));
          else for (const m of members) expect(m.to).toBe(e.to);
          if (line.edges.length > 1 || line.stub) expect(e.merged).toEqual(line.edges);
          else expect(e).toBe(graph.edges[line.edges[0]!]);
        });
      }),
    );
  });
});
