// Edge ids must be unique, or the editor and the service cannot tell the edges apart.
import { defineRule } from "../rule.js";
import { edgePointer, noOptions } from "./helpers.js";

export default defineRule({
  meta: {
    id: "duplicate-edge-id",
    description: "No two edges share an id.",
    defaultSeverity: "error",
    options: noOptions,
  },
  check({ edges }, report) {
    const firstIndex = new Map<string, number>();
    for (const { edge, index } of edges) {
      if (typeof edge.id !== "string") continue;
      const first = firstIndex.get(edge.id);
      if (first === undefined) {
        firstIndex.set(edge.id, index);
        continue;
      }
      report({
        pointer: edgePointer(index, "id"),
        message: `Edge id ${JSON.stringify(edge.id)} is already used by edges[${first}]; give this edge a unique id.`,
        related: [{ pointer: edgePointer(first, "id"), message: "first edge with this id" }],
      });
    }
  },
});
