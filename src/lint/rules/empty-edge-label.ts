// The label is what the agent reads to decide when to follow an edge; without one the choice is blind.
import { describeNode, getEdgeLabel, isObject } from "../../model/index.js";
import { defineRule } from "../../validate/rule.js";
import { edgeLabelPointer, noOptions } from "./helpers.js";

export default defineRule({
  meta: {
    id: "empty-edge-label",
    description: "Every edge has a non-empty label saying when to follow it (self-loops are left to self-loop-without-condition).",
    defaultSeverity: "warning",
    options: noOptions,
  },
  check({ edges, nodeById }, report) {
    for (const entry of edges) {
      const { edge } = entry;
      if (edge.source === edge.target) continue;
      const label = getEdgeLabel(edge);
      if (label !== undefined && label.trim() !== "") continue;
      if (isObject(edge.data) && Array.isArray(edge.data.condition) && edge.data.condition.length > 0) continue;
      const source = typeof edge.source === "string" ? nodeById.get(edge.source) : undefined;
      const target = typeof edge.target === "string" ? nodeById.get(edge.target) : undefined;
      const name = (n: typeof source, id: unknown) => (n ? describeNode(n.node) : `id ${String(id)}`);
      report({
        pointer: edgeLabelPointer(entry),
        message: `The edge from ${name(source, edge.source)} to ${name(target, edge.target)} has ${label === undefined ? "no" : "an empty"} label, so the agent cannot tell when to follow it; add a "label" that describes what the caller said or wants.`,
      });
    }
  },
});
