// Every edge's source and target must name an existing node: an edge to a deleted node strands the caller.
import { defineRule } from "../rule.js";
import { edgePointer, noOptions } from "./helpers.js";

export default defineRule({
  meta: {
    id: "unknown-edge-endpoint",
    description: "Every edge's `source` and `target` name an existing node.",
    defaultSeverity: "error",
    options: noOptions,
  },
  check({ edges, nodeById }, report) {
    for (const { edge, index } of edges) {
      for (const end of ["source", "target"] as const) {
        const id = edge[end];
        if (typeof id !== "string" || nodeById.has(id)) continue;
        report({
          pointer: edgePointer(index, end),
          message: `Edge ${JSON.stringify(edge.id)} has ${end} ${JSON.stringify(id)}, but no node has that id; point it at an existing node or remove the edge.`,
        });
      }
    }
  },
});
