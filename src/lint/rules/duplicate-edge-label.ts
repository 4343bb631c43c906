// Two edges out of one node with the same label leave the router a coin toss between them.
import { describeNode, getEdgeLabel } from "../../model/index.js";
import { defineRule } from "../../validate/rule.js";
import { getLintFacts } from "../facts.js";
import { edgeLabelPointer, noOptions } from "./helpers.js";

/** Case and runs of spaces do not make labels different to the model that picks an edge. */
function normalise(label: string): string {
  const lower = label.trim().toLowerCase();
  // Most labels have single spaces only; testing is cheaper than always rebuilding the string.
  return /\s\s|[^\S ]/.test(lower) ? lower.replace(/\s+/g, " ") : lower;
}

/**
 * A hash equal for any two labels that `normalise` makes equal (it skips ASCII whitespace and folds ASCII case), cheap
 * enough to run on every edge so that `normalise` only runs when two labels of one node may clash. Blank labels give
 * `EMPTY`.
 */
function signature(label: string): number {
  let h = 0x811c9dc5;
  let seen = false;
  for (let i = 0; i < label.length; i++) {
    let c = label.charCodeAt(i);
    if (c > 127) return label.trim() === "" ? EMPTY : signatureOf(normalise(label));
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    if (c >= 65 && c <= 90) c |= 0x20;
    h = Math.imul(h ^ c, 0x01000193);
    seen = true;
  }
  // A blank label is empty-edge-label's business, not a duplicate.
  return seen ? (h === EMPTY ? EMPTY + 1 : h) : EMPTY;
}

/** The signature of a blank label. */
const EMPTY = 0;

function signatureOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32) h = Math.imul(h ^ c, 0x01000193);
  }
  return h === EMPTY ? EMPTY + 1 : h;
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
    // Edges are read in file order (cache-friendly); each node keeps a chain of its labelled edges so far, and a cheap
    // signature spares the string comparison for labels that cannot be equal.
    const edges = context.edges;
    const head = new Int32Array(graph.ids.length).fill(-1);
    const next = new Int32Array(edges.length);
    const sigs = new Int32Array(edges.length);
    const labels: string[] = new Array<string>(edges.length);
    for (let e = 0; e < edges.length; e++) {
      const entry = edges[e]!;
      const label = getEdgeLabel(entry.edge);
      if (label === undefined || typeof entry.edge.source !== "string") continue;
      const v = graph.indexOf.get(entry.edge.source);
      if (v === undefined) continue;
      const sig = signature(label);
      if (sig === EMPTY) continue;
      let at = -1;
      for (let k = head[v]!; k >= 0 && at < 0; k = next[k]!) {
        if (sigs[k] === sig && normalise(labels[k]!) === normalise(label)) at = k;
      }
      if (at < 0) {
        sigs[e] = sig;
        labels[e] = label;
        next[e] = head[v]!;
        head[v] = e;
        continue;
      }
      report({
        pointer: edgeLabelPointer(entry),
        message: `Two edges out of node ${describeNode(graph.nodes[v]!.node)} have the label ${JSON.stringify(label.trim())}, so the agent cannot tell them apart; give each a label that says when to take it, or merge them.`,
        related: [{ pointer: edgeLabelPointer(edges[at]!), message: "The first edge with this label." }],
      });
    }
  },
});
