// Two edges out of one node with the same label leave the router a coin toss between them.
import { describeNode, getEdgeLabel, type IndexedEdge } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { edgeLabelPointer } from "./helpers.js";

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

function lower(c: number): number {
  return c >= 65 && c <= 90 ? c | 0x20 : c;
}

/**
 * The label's first and last non-space characters, lower-cased, as one number: labels that differ in it cannot be the
 * same, so most pairs of siblings are told apart without reading them. 0 for a blank label; -1 when either character
 * is not ASCII (its lower case may be ASCII, or longer), which leaves the comparison to `sameLabel`.
 */
function labelEnds(label: string): number {
  const first = skipSpaces(label, 0);
  let last = label.length - 1;
  while (last >= first && isSpace(label.charCodeAt(last))) last--;
  if (last < first) return 0;
  const a = label.charCodeAt(first);
  const b = label.charCodeAt(last);
  if (a <= 127 && b <= 127) return ((lower(a) << 8) | lower(b)) + 1;
  return label.trim() === "" ? 0 : -1;
}

/**
 * `normalise(a) === normalise(b)` without building either string (compares word by word, ignoring ASCII case).
 * Non-ASCII text falls back to `normalise`.
 */
function sameLabel(a: string, b: string): boolean {
  let i = skipSpaces(a, 0);
  let j = skipSpaces(b, 0);
  while (i < a.length && j < b.length) {
    for (; i < a.length && j < b.length && !isSpace(a.charCodeAt(i)) && !isSpace(b.charCodeAt(j)); i++, j++) {
      const x = a.charCodeAt(i);
      const y = b.charCodeAt(j);
      if (x > 127 || y > 127) return normalise(a) === normalise(b);
      if (lower(x) !== lower(y)) return false;
    }
    // Both words must end here, unless what follows is not ASCII (a no-break space is a space to trim() and \s).
    if ((i < a.length && !isSpace(a.charCodeAt(i))) || (j < b.length && !isSpace(b.charCodeAt(j))))
      return a.charCodeAt(i) > 127 || b.charCodeAt(j) > 127 ? normalise(a) === normalise(b) : false;
    i = skipSpaces(a, i);
    j = skipSpaces(b, j);
  }
  if (i === a.length && j === b.length) return true;
  return a.charCodeAt(i) > 127 || b.charCodeAt(j) > 127 ? normalise(a) === normalise(b) : false;
}

export default definePathwayRule({
  meta: {
    id: "duplicate-edge-label",
    description: "Edges leaving the same node have different labels (ignoring case and spaces).",
    defaultSeverity: "warning",
    set: "lint",
    messages: {
      duplicateEdgeLabel:
        "Two edges out of node {{firstNodesNode}} have the label {{label}}, so the agent cannot tell them apart; give each a label that says when to take it, or merge them.",
    },
  },
  check({ edges, firstNodes, edgeSource }, report) {
    // Labelled edges seen so far, chained per source node (head[v] -> next[...]) so each edge meets only its siblings.
    const head = new Int32Array(firstNodes.length).fill(-1);
    const next = new Int32Array(edges.length);
    const ends = new Int32Array(edges.length);
    edges.forEach((entry, e) => {
      const label = getEdgeLabel(entry.edge);
      const v = edgeSource[e]!;
      if (label === undefined || v < 0) return;
      const key = labelEnds(label);
      // A blank label is empty-edge-label's business, not a duplicate.
      if (key === 0) return;
      let earlier: IndexedEdge | undefined;
      for (let k = head[v]!; k >= 0 && !earlier; k = next[k]!) {
        if ((key === ends[k] || key < 0 || ends[k]! < 0) && sameLabel(getEdgeLabel(edges[k]!.edge)!, label)) earlier = edges[k];
      }
      if (!earlier) {
        ends[e] = key;
        next[e] = head[v]!;
        head[v] = e;
        return;
      }
      report({
        pointer: edgeLabelPointer(entry),
        messageId: "duplicateEdgeLabel",
        data: { firstNodesNode: describeNode(firstNodes[v]!.node), label: JSON.stringify(label.trim()) },
        related: [{ pointer: edgeLabelPointer(earlier), message: "The first edge with this label." }],
      });
    });
  },
});
