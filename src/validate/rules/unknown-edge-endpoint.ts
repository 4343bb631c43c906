// Every edge's source and target must name an existing node: an edge to a deleted node strands the caller.
import type { IndexedEdge } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { edgePointer, findNearNode } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "unknown-edge-endpoint",
    description: "Every edge's `source` and `target` name an existing node.",
    defaultSeverity: "error",
    set: "validate",
    hasSuggestions: true,
    messages: {
      unknownEdgeEndpoint: "Edge {{name}} has {{end}} {{id}}, but no node has that id; point it at an existing node or remove the edge.",
      pointAtNear: "Change the {{end}} to {{id}}, node {{node}}",
    },
  },
  check({ nodes, edges, edgeSource, edgeTarget }, report) {
    const check = ({ edge, index }: IndexedEdge, end: "source" | "target", resolved: number) => {
      const id = edge[end];
      if (typeof id !== "string" || resolved >= 0) return;
      // An edge without a string id is named by its place and ends, which the user can find in the file.
      const name = typeof edge.id === "string" ? JSON.stringify(edge.id) : `edges[${index}] (${String(edge.source)} → ${String(edge.target)})`;
      const near = findNearNode(id, nodes);
      report({
        pointer: edgePointer(index, end),
        messageId: "unknownEdgeEndpoint",
        data: { name, end, id: JSON.stringify(id) },
        ...(near && {
          suggest: [
            {
              messageId: "pointAtNear",
              data: { end, id: JSON.stringify(near.id), node: near.name },
              edit: { pointer: edgePointer(index, end), value: near.id },
            },
          ],
        }),
      });
    };
    edges.forEach((entry, e) => {
      check(entry, "source", edgeSource[e]!);
      check(entry, "target", edgeTarget[e]!);
    });
  },
});
