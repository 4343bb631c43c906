// What a drawn item stands for, as tooltip text: merged lines, stubs, cut labels and hubs, for every picture that can carry a tooltip.
import { toCount } from "../escape/count.js";
import type { DirectedGraph } from "./directed-graph.js";

/**
 * The tooltip of what a drawing hides: the legend entry of a stub, a merged line (its edges and labels) or a cut label
 * (its full text), or a hub's count of edges drawn as stubs. Empty for everything else. The text is the file's: escape it.
 */
export function getTooltipText(graph: DirectedGraph, item: { note?: number; stubbedIn?: number }): string {
  const entry = item.note !== undefined ? graph.legend.find((l) => l.ref === item.note) : undefined;
  return entry ? entry.text : item.stubbedIn !== undefined ? `Entered by ${toCount(item.stubbedIn, "edge")} drawn as stubs beside their sources` : "";
}

/**
 * Tooltips for a picture Mermaid draws from `toMermaid(graph)`: by node key, and by the id Mermaid gives an edge
 * (`L_<from>_<to>_<n>`, n counting the edges between the same two nodes from 0), only for items with a tooltip.
 */
export interface MermaidTooltips {
  nodes: { key: string; text: string }[];
  edges: { id: string; text: string }[];
}

/** The tooltips of `graph`'s merged lines, stubs, hubs and cut labels, keyed as Mermaid names its elements. */
export function getMermaidTooltips(graph: DirectedGraph): MermaidTooltips {
  const nodes = graph.nodes.flatMap((n) => {
    const text = getTooltipText(graph, n);
    return text === "" ? [] : [{ key: n.key, text }];
  });
  const seen = new Map<string, number>();
  const edges = graph.edges.flatMap((e) => {
    const pair = `L_${e.from}_${e.to}`;
    const n = seen.get(pair) ?? 0;
    seen.set(pair, n + 1);
    const text = getTooltipText(graph, e);
    return text === "" ? [] : [{ id: `${pair}_${n}`, text }];
  });
  return { nodes, edges };
}
