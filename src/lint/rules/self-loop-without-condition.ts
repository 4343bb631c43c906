// An edge from a node to itself with nothing saying when to take it can repeat the node forever.
import { describeNode, getEdgeLabel, isObject, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { edgeLabelPointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "self-loop-without-condition",
    description: "An edge from a node back to itself has a label or condition saying when to repeat the node.",
    defaultSeverity: "warning",
    set: "lint",
    messages: {
      selfLoopWithoutCondition:
        "The edge from {{detail}} back to itself has no label or condition, so nothing says when to repeat the node and the caller may hear it again and again; label it with when to repeat, or delete it.",
    },
  },
  check({ edges, firstNodes, edgeSource }, report) {
    edges.forEach((entry, e) => {
      const { edge } = entry;
      if (typeof edge.source !== "string" || edge.source !== edge.target) return;
      const label = getEdgeLabel(edge);
      if (label !== undefined && label.trim() !== "") return;
      if (isObject(edge.data) && Array.isArray(edge.data.condition) && edge.data.condition.length > 0) return;
      const node = edgeSource[e]! < 0 ? undefined : firstNodes[edgeSource[e]!];
      if (node && typeof nodeData(node.node).condition === "string" && nodeData(node.node).condition!.trim() !== "") return;
      report({
        pointer: edgeLabelPointer(entry),
        messageId: "selfLoopWithoutCondition",
        data: { detail: node ? `node ${describeNode(node.node)}` : `node id ${edge.source}` },
      });
    });
  },
});
