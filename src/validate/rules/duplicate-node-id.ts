// Node ids must be unique: edges name nodes by id, so a duplicate makes their targets ambiguous.
import { describeNode } from "../../model/pathway.js";
import { defineRule } from "../rule.js";
import { nodePointer, noOptions } from "./helpers.js";

export default defineRule({
  meta: {
    id: "duplicate-node-id",
    description: "No two nodes share an id.",
    defaultSeverity: "error",
    options: noOptions,
  },
  check({ nodes, firstNodes, positionOf }, report) {
    for (const { node, index } of nodes) {
      const first = firstNodes[positionOf.get(node.id)!]!;
      if (first.index === index) continue;
      report({
        pointer: `${nodePointer(index)}/id`,
        message: `Node ${describeNode(node)} reuses the id of nodes[${first.index}] ${describeNode(first.node)}; give it a unique id.`,
        related: [{ pointer: `${nodePointer(first.index)}/id`, message: "first node with this id" }],
      });
    }
  },
});
