// The label is what the agent reads to decide when to follow an edge; without one the choice is blind.
import { getEdgeLabel, isObject } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { describeEdgeEnds, edgeLabelPointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "empty-edge-label",
    description: "Every edge has a non-empty label saying when to follow it (self-loops are left to self-loop-without-condition).",
    defaultSeverity: "warning",
    set: "lint",
    messages: {
      emptyEdgeLabel:
        'The edge from {{edgeSource}} to {{edgeTarget}} has {{detail}} label, so the agent cannot tell when to follow it; add a "label" that describes what the caller said or wants.',
    },
  },
  check(context, report) {
    context.edges.forEach((entry, e) => {
      const { edge } = entry;
      if (edge.source === edge.target) return;
      const label = getEdgeLabel(edge);
      if (label !== undefined && label.trim() !== "") return;
      if (isObject(edge.data) && Array.isArray(edge.data.condition) && edge.data.condition.length > 0) return;
      report({
        pointer: edgeLabelPointer(entry),
        messageId: "emptyEdgeLabel",
        data: { ...describeEdgeEnds(context, e), detail: label === undefined ? "no" : "an empty" },
      });
    });
  },
});
