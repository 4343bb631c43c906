// toDot: the same picture as Mermaid, checked by a real DOT parser (ts-graphviz) on examples, corpus and hostile text.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fromDot } from "ts-graphviz";
import { getDiagramAnnotations, getNodeCaption, toDirectedGraph, toDot, toDotString } from "../../src/export/index.js";
import type { Pathway } from "../../src/model/index.js";
import { parseableCorpus } from "../support/corpus.js";
import { validPathway } from "../support/arbitraries.js";
import { createInjectionPathway } from "./injection.js";

const EXAMPLES_DIR = path.resolve(import.meta.dirname, "../../pathways");
const pathways: { name: string; value: Pathway }[] = [
  ...readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({ name: f, value: JSON.parse(readFileSync(path.join(EXAMPLES_DIR, f), "utf8")) as Pathway })),
  ...parseableCorpus.filter((c) => Array.isArray((c.value as { nodes?: unknown }).nodes)).map((c) => ({ name: c.name, value: c.value as Pathway })),
  { name: "injection corpus", value: createInjectionPathway() },
];

/** Node ids and labels (unescaped as DOT defines) of every node, including those in clusters. */
function parsedNodes(text: string): Map<string, string> {
  const graph = fromDot(text);
  const nodes = new Map<string, string>();
  const visit = (g: { nodes: readonly { id: string; attributes: { get(k: "label"): unknown } }[]; subgraphs: readonly unknown[] }) => {
    for (const n of g.nodes) nodes.set(n.id, String(n.attributes.get("label")).replace(/\\\\/g, "\\"));
    for (const s of g.subgraphs) visit(s as typeof g);
  };
  visit(graph as never);
  return nodes;
}

describe("toDot", () => {
  it.each(pathways)("writes DOT a real parser reads back with every node and label for $name", ({ value }) => {
    const graph = toDirectedGraph(value, { annotations: getDiagramAnnotations(value) });
    const text = toDot(graph);
    const nodes = parsedNodes(text);
    for (const node of graph.nodes) expect(nodes.get(node.key)).toBe(getNodeCaption(node));
    expect(fromDot(text).edges.length).toBe(graph.edges.length);
    expect([...nodes.keys()].every((k) => /^(n\d+|legend)$/.test(k))).toBe(true);
  });

  it("writes DOT that parses for any generated pathway", () => {
    fc.assert(
      fc.property(validPathway, (pathway) => {
        const graph = toDirectedGraph(pathway, { maxLabel: 12 });
        expect(parsedNodes(toDot(graph)).size).toBe(graph.nodes.length + (graph.legend.length > 0 ? 1 : 0));
      }),
      { numRuns: 60 },
    );
  });

  it("escapes quotes and backslashes so data cannot end a string or write an escape sequence", () => {
    expect(toDotString('say "hi" \\l')).toBe('"say \\"hi\\" \\\\l"');
  });

  it("puts global nodes in a cluster and sets the direction", () => {
    const text = toDot(toDirectedGraph(createInjectionPathway(), { direction: "LR" }));
    expect(text).toContain("graph [rankdir=LR");
    expect(fromDot(text).subgraphs.map((s) => s.id)).toEqual(["cluster_globals"]);
  });
});
