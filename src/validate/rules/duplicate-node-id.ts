// Node ids must be unique: edges name nodes by id, so a duplicate makes their targets ambiguous.
import { describeNode } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "duplicate-node-id",
    description: "No two nodes share an id.",
    defaultSeverity: "error",
    set: "validate",
    messages: {
      duplicateNodeId: "Node {{node}} reuses the id of nodes[{{firstIndex}}] {{firstNode}}; give it a unique id.",
    },
  },
  check({ nodes, firstNodes, positionOf }, report) {
    for (const { node, index } of nodes) {
      const first = firstNodes[positionOf.get(node.id)!]!;
      if (first.index === index) continue;
      report({
        pointer: `${nodePointer(index)}/id`,
        messageId: "duplicateNodeId",
        data: { node: describeNode(node), firstIndex: first.index, firstNode: describeNode(first.node) },
        related: [{ pointer: `${nodePointer(first.index)}/id`, message: "first node with this id" }],
      });
    }
  },
});
