// Faded context of a focused or review drawing (context "fade"): every node and edge drawn once, the rest pale in Mermaid, DOT and SVG.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fromDot } from "ts-graphviz";
import { FADED_LOOK, getDrawingPlan, simplifyGraph, toDirectedGraph, toDot, toMarkdown, toMermaid } from "../../src/export/index.js";
import type { Pathway } from "../../src/model/index.js";
import { validPathway } from "../support/arbitraries.js";
import { createHubAndSpoke } from "../support/dense-pathways.js";
import { parseMermaid } from "./mermaid-parser.js";

const node = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: "Default", data: { name: id.toUpperCase(), prompt: "x", ...extra } });
const edge = (source: string, target: string, label: string) => ({ id: `${source}-${target}-${label}`, source, target, label });
/** a -> b -> c -> d -> e, e -> a: around c at depth 1 keeps b, c, d. */
const chain = {
  name: "chain",
  nodes: [node("a", { isStart: true }), node("b"), node("c"), node("d"), node("e")],
  edges: [edge("a", "b", "1"), edge("b", "c", "2"), edge("c", "d", "3"), edge("d", "e", "4"), edge("e", "a", "5")],
} as unknown as Pathway;

describe("toDirectedGraph with context fade", () => {
  const table: { name: string; options: Parameters<typeof toDirectedGraph>[1]; faded: string[]; fadedEdges: string[] }[] = [
    {
      name: "around a change: the rest of the nodes and every edge leaving the neighbourhood",
      options: { around: ["c"], depth: 1, context: "fade" },
      faded: ["a", "e"],
      fadedEdges: ["a>b", "d>e", "e>a"],
    },
    { name: "around a focus node", options: { focus: "a", depth: 1, context: "fade" }, faded: ["c", "d"], fadedEdges: ["b>c", "c>d", "d>e"] },
    { name: "nothing faded without a focus", options: { context: "fade" }, faded: [], fadedEdges: [] },
    { name: "nothing faded when omitting (the default)", options: { around: ["c"], depth: 1 }, faded: [], fadedEdges: [] },
  ];
  it.each(table)("$name", ({ options, faded, fadedEdges }) => {
    const graph = toDirectedGraph(chain, options);
    const id = (key: string) => graph.nodes.find((n) => n.key === key)!.id;
    expect(graph.nodes.filter((n) => n.faded).map((n) => n.id)).toEqual(faded);
    expect(graph.edges.filter((e) => e.faded).map((e) => `${id(e.from)}>${id(e.to)}`)).toEqual(fadedEdges);
  });

  it("counts what it fades where omitting counts what it leaves out", () => {
    const faded = toDirectedGraph(chain, { around: ["c"], depth: 1, context: "fade" });
    const omitted = toDirectedGraph(chain, { around: ["c"], depth: 1 });
    expect(faded.focus).toMatchObject({ omittedNodes: 0, omittedEdges: 0, fadedNodes: 2, fadedEdges: 3 });
    expect(omitted.focus).toMatchObject({ omittedNodes: 2, omittedEdges: 3 });
    expect(omitted.focus!.fadedNodes).toBeUndefined();
    expect(faded.nodes.every((n) => n.hidden === 0)).toBe(true);
    expect(toMarkdown(faded)).toContain("The nodes within 1 step of the 1 changed node (id c) in full colour; the other 2 nodes and 3 edges faded.");
  });

  it("rejects a context it does not know", () => {
    expect(() => toDirectedGraph(chain, { around: ["c"], context: "hide" as never })).toThrow(/context must be "omit" or "fade"/);
  });

  it("draws every node as focus, context or faded and every edge exactly once, as omitting draws the unfaded part (fast-check)", () => {
    fc.assert(
      fc.property(validPathway, fc.integer({ min: 0, max: 3 }), fc.nat(), (p, depth, pick) => {
        const all = toDirectedGraph(p);
        const ids = all.nodes.filter((n) => n.kind !== "missing").map((n) => n.id);
        if (ids.length === 0) return;
        const around = [ids[pick % ids.length]!];
        const faded = toDirectedGraph(p, { around, depth, context: "fade" });
        const omitted = toDirectedGraph(p, { around, depth });
        // Every node of the whole drawing once, in exactly one of three states.
        expect(faded.nodes.map((n) => n.id)).toEqual(all.nodes.map((n) => n.id));
        const drawnIds = new Set(omitted.nodes.map((n) => n.id));
        for (const n of faded.nodes) {
          const state = around.includes(n.id) ? "focus" : n.faded ? "faded" : "context";
          expect(state === "faded").toBe(!drawnIds.has(n.id));
        }
        // Every edge once: the unfaded ones are exactly what omitting draws, the faded ones what it counts as left out.
        expect(faded.edges.map((e) => [e.kind, e.ref, e.label])).toEqual(all.edges.map((e) => [e.kind, e.ref, e.label]));
        expect(faded.edges.filter((e) => !e.faded)).toHaveLength(omitted.edges.length);
        expect(faded.edges.filter((e) => e.faded)).toHaveLength(omitted.focus!.omittedEdges);
        // Merged, a line (and its stub) is faded exactly when every edge it stands for is.
        const simple = simplifyGraph(faded, { hubInDegree: 2 });
        const plan = getDrawingPlan(faded, { hubInDegree: 2 });
        simple.edges.forEach((e, k) => expect(e.faded === true).toBe(plan[k]!.edges.every((i) => faded.edges[i]!.faded)));
      }),
    );
  });
});

describe("faded context in Mermaid and DOT", () => {
  const graph = simplifyGraph(toDirectedGraph(createHubAndSpoke(20, 12), { around: ["s10"], depth: 1, context: "fade" }));
  const fadedKeys = graph.nodes.filter((n) => n.faded).map((n) => n.key);

  it("writes Mermaid that Mermaid's parser accepts, the faded nodes in a pale class and their lines pale", async () => {
    const text = toMermaid(graph);
    expect((await parseMermaid(text)).diagramType).toBe("flowchart-v2");
    expect(text).toContain(`classDef faded fill:${FADED_LOOK.fill},stroke:${FADED_LOOK.stroke},color:${FADED_LOOK.text}`);
    const classLine = text.split("\n").find((l) => /^\s+class .* faded$/.test(l))!;
    expect(classLine.trim().split(" ")[1]!.split(",").sort()).toEqual([...fadedKeys].sort());
    const styled = /linkStyle ([\d,]+) stroke:#cfcfcf/.exec(text)![1]!.split(",").map(Number);
    expect(styled).toEqual(graph.edges.flatMap((e, i) => (e.faded ? [i] : [])));
    // The faded class is defined last, so its colours win over a kind's (End Call, stub) in Mermaid's cascade.
    const defs = text.split("\n").filter((l) => l.includes("classDef"));
    expect(defs.at(-1)).toContain("classDef faded");
  });

  it("writes DOT a real parser reads, the faded nodes and edges in pale colours and the rest as before", () => {
    const parsed = fromDot(toDot(graph));
    const color = (attrs: { get(k: string): unknown }) => attrs.get("color");
    for (const n of parsed.nodes) {
      const drawn = graph.nodes.find((m) => m.key === n.id);
      if (!drawn) continue; // the legend note
      expect(fadedKeys.includes(n.id)).toBe(drawn.faded === true);
      if (drawn.faded) expect([color(n.attributes as never), n.attributes.get("fillcolor")]).toEqual([FADED_LOOK.stroke, FADED_LOOK.fill]);
      else expect(color(n.attributes as never)).not.toBe(FADED_LOOK.stroke);
    }
    expect(parsed.edges).toHaveLength(graph.edges.length);
    parsed.edges.forEach((e, i) => expect(color(e.attributes as never) === FADED_LOOK.stroke).toBe(graph.edges[i]!.faded === true));
  });
});
