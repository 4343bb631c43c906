// Two edges out of one node with the same label leave the router a coin toss between them.
import { describeNode, getEdgeLabel, type IndexedEdge } from "../../model/index.js";
import { defineRule } from "../../validate/rule.js";
import { getLintFacts } from "../facts.js";
import { edgeLabelPointer, noOptions } from "./helpers.js";

/** Case and runs of spaces do not make labels different to the model that picks an edge. */
function normalise(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, " ");
}

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

function skipSpaces(s: string, i: number): number {
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i;
}

/**
 * `normalise(a) === normalise(b)` without building either string (compares word by word, ignoring ASCII case): it
 * runs for every pair of labelled edges that leave one node. Non-ASCII text falls back to `normalise`.
 */
function sameLabel(a: string, b: string): boolean {
  let i = skipSpaces(a, 0);
  let j = skipSpaces(b, 0);
  while (i < a.length && j < b.length) {
    for (; i < a.length && j < b.length && !isSpace(a.charCodeAt(i)) && !isSpace(b.charCodeAt(j)); i++, j++) {
      let x = a.charCodeAt(i);
      let y = b.charCodeAt(j);
      if (x > 127 || y > 127) return normalise(a) === normalise(b);
      if (x >= 65 && x <= 90) x |= 0x20;
      if (y >= 65 && y <= 90) y |= 0x20;
      if (x !== y) return false;
    }
    // Both words must end here.
    if ((i < a.length && !isSpace(a.charCodeAt(i))) || (j < b.length && !isSpace(b.charCodeAt(j)))) return false;
    i = skipSpaces(a, i);
    j = skipSpaces(b, j);
  }
  return i === a.length && j === b.length;
}

export default defineRule({
  meta: {
    id: "duplicate-edge-label",
    description: "Edges leaving the same node have different labels (ignoring case and spaces).",
    defaultSeverity: "warning",
    options: noOptions,
  },
  check(context, report) {
    const { graph } = getLintFacts(context);
    // Labelled edges seen so far, chained per source node (head[v] -> next[...]) so each edge meets only its siblings.
    const head = new Int32Array(graph.ids.length).fill(-1);
    const next = new Int32Array(context.edges.length);
    const labels: string[] = [];
    context.edges.forEach((entry, e) => {
      const label = getEdgeLabel(entry.edge);
      const v = typeof entry.edge.source === "string" ? graph.indexOf.get(entry.edge.source) : undefined;
      // A blank label is empty-edge-label's business, not a duplicate.
      if (label === undefined || v === undefined || label.trim() === "") return;
      let earlier: IndexedEdge | undefined;
      for (let k = head[v]!; k >= 0 && !earlier; k = next[k]!) if (sameLabel(labels[k]!, label)) earlier = context.edges[k];
      if (!earlier) {
        labels[e] = label;
        next[e] = head[v]!;
        head[v] = e;
        return;
      }
      report({
        pointer: edgeLabelPointer(entry),
        message: `Two edges out of node ${describeNode(graph.nodes[v]!.node)} have the label ${JSON.stringify(label.trim())}, so the agent cannot tell them apart; give each a label that says when to take it, or merge them.`,
        related: [{ pointer: edgeLabelPointer(earlier), message: "The first edge with this label." }],
      });
    });
  },
});
