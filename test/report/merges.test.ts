// getReportMerges: the report lists what diagrams merge, from the same plan: a hub's stubbed sources, each group of parallel edges.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { getDrawingPlan, toDirectedGraph } from "../../src/export/index.js";
import type { Pathway } from "../../src/model/index.js";
import { getReportMerges } from "../../src/report/merges.js";
import { validPathway } from "../support/arbitraries.js";

const node = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: "Default", data: { name: id.toUpperCase(), prompt: "x", ...extra } });
const edge = (source: string, target: string, label: string) => ({ id: `${source}-${target}-${label}`, source, target, label });
const pathway = (nodes: unknown[], edges: unknown[]) => ({ name: "t", nodes, edges }) as unknown as Pathway;
const sources = Array.from({ length: 11 }, (_, i) => `s${i}`);

describe("getReportMerges", () => {
  it.each([
    {
      name: "a node entered from 10 or more nodes is a hub listing them all, in edge order",
      pathway: pathway(
        [node("start", { isStart: true }), ...sources.map((s) => node(s)), node("h")],
        [...sources.map((s) => edge("start", s, s)), ...sources.map((s) => edge(s, "h", `to h from ${s}`)), edge("s3", "h", "again")],
      ),
      hubs: { h: { sources, edges: 12 } },
      parallel: [] as string[][],
    },
    {
      name: "9 sources make no hub",
      pathway: pathway(
        [node("start", { isStart: true }), ...sources.slice(0, 9).map((s) => node(s)), node("h")],
        sources.slice(0, 9).map((s) => edge(s, "h", s)),
      ),
      hubs: {},
      parallel: [],
    },
    {
      name: "parallel edges list each other; a lone edge lists nothing",
      pathway: pathway([node("a", { isStart: true }), node("b")], [edge("a", "b", "yes"), edge("a", "b", "sure"), edge("b", "a", "back")]),
      hubs: {},
      parallel: [
        ["yes", "sure"],
        ["yes", "sure"],
      ],
    },
  ])("$name", ({ pathway: p, hubs, parallel }) => {
    const graph = toDirectedGraph(p);
    const merges = getReportMerges(graph);
    const id = (key: string) => graph.nodes.find((n) => n.key === key)!.id;
    expect(Object.fromEntries([...merges.hubs].map(([k, h]) => [id(k), { sources: h.sources.map(id), edges: h.edges.length }]))).toEqual(hubs);
    expect([...merges.parallel.values()].map((group) => group.map((i) => graph.edges[i]!.label))).toEqual(parallel);
  });

  it("lists every edge the plan stubs under its hub once, and every merged line under each of its edges (fast-check)", () => {
    fc.assert(
      fc.property(validPathway, (p) => {
        const graph = toDirectedGraph(p);
        const merges = getReportMerges(graph);
        const plan = getDrawingPlan(graph);
        const stubbed = plan
          .filter((l) => l.stub)
          .flatMap((l) => l.edges)
          .sort((a, b) => a - b);
        expect([...merges.hubs.values()].flatMap((h) => h.edges).sort((a, b) => a - b)).toEqual(stubbed);
        for (const [key, hub] of merges.hubs)
          for (const i of hub.edges) expect([graph.edges[i]!.to, hub.sources.includes(graph.edges[i]!.from)]).toEqual([key, true]);
        for (const line of plan.filter((l) => !l.stub && l.edges.length > 1)) for (const i of line.edges) expect(merges.parallel.get(i)).toEqual(line.edges);
      }),
    );
  });
});
