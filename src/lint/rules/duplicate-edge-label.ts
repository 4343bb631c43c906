// Two edges out of one node with the same label leave the router a coin toss between them.
import { describeNode, getEdgeLabel, type IndexedEdge } from "../../model/index.js";
import { defineRule } from "../../validate/rule.js";
import { getLintFacts } from "../facts.js";
import { edgeLabelPointer, noOptions } from "./helpers.js";

/** Case and runs of spaces do not make labels different to the model that picks an edge. */
function normalise(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, " ");
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
    const first = new Map<string, IndexedEdge>();
    for (const entry of context.edges) {
      const label = getEdgeLabel(entry.edge);
      const source = entry.edge.source;
      // A blank label is empty-edge-label's business, not a duplicate.
      if (label === undefined || label.trim() === "" || typeof source !== "string") continue;
      const v = graph.indexOf.get(source);
      if (v === undefined) continue;
      const key = `${source}\u0000${normalise(label)}`;
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, entry);
        continue;
      }
      report({
        pointer: edgeLabelPointer(entry),
        message: `Two edges out of node ${describeNode(graph.nodes[v]!.node)} have the label ${JSON.stringify(label.trim())}, so the agent cannot tell them apart; give each a label that says when to take it, or merge them.`,
        related: [{ pointer: edgeLabelPointer(earlier), message: "The first edge with this label." }],
      });
    }
  },
});
