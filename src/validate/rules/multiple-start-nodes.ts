// Exactly one start node: with several, which one a call begins at is up to chance.
import { describeNode, isStartNode } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "multiple-start-nodes",
    description: "At most one node is marked as the start.",
    defaultSeverity: "error",
    set: "validate",
    messages: {
      multipleStartNodes: '{{startsLength}} nodes are marked as the start ({{names}}); keep "isStart": true on one of them only.',
    },
  },
  check({ nodes }, report) {
    const starts = nodes.filter(({ node }) => isStartNode(node));
    if (starts.length < 2) return;
    const names = starts.map(({ node }) => describeNode(node)).join(", ");
    for (const { index } of starts) {
      report({
        pointer: nodePointer(index, "isStart"),
        messageId: "multipleStartNodes",
        data: { startsLength: starts.length, names },
      });
    }
  },
});
