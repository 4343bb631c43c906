// Every edge's source and target must name an existing node: an edge to a deleted node strands the caller.
import type { IndexedEdge } from "../../model/pathway.js";
import { defineRule } from "../rule.js";
import { edgePointer, noOptions } from "./helpers.js";

export default defineRule({
  meta: {
    id: "unknown-edge-endpoint",
    description: "Every edge's `source` and `target` name an existing node.",
    defaultSeverity: "error",
    options: noOptions,
  },
  check({ edges, edgeSource, edgeTarget }, report) {
    const check = ({ edge, index }: IndexedEdge, end: "source" | "target", resolved: number) => {
      const id = edge[end];
      if (typeof id !== "string" || resolved >= 0) return;
      // An edge without a string id is named by its place and ends, which the user can find in the file.
      const name = typeof edge.id === "string" ? JSON.stringify(edge.id) : `edges[${index}] (${String(edge.source)} → ${String(edge.target)})`;
      report({
        pointer: edgePointer(index, end),
        message: `Edge ${name} has ${end} ${JSON.stringify(id)}, but no node has that id; point it at an existing node or remove the edge.`,
      });
    };
    edges.forEach((entry, e) => {
      check(entry, "source", edgeSource[e]!);
      check(entry, "target", edgeTarget[e]!);
    });
  },
});
