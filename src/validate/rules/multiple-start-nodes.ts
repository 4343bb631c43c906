// Exactly one start node: with several, which one a call begins at is up to chance.
import { describeNode, isStartNode } from "../../model/pathway.js";
import { defineRule } from "../rule.js";
import { nodePointer, noOptions } from "./helpers.js";

export default defineRule({
  meta: {
    id: "multiple-start-nodes",
    description: "At most one node is marked as the start.",
    defaultSeverity: "error",
    options: noOptions,
  },
  check({ nodes }, report) {
    const starts = nodes.filter(({ node }) => isStartNode(node));
    if (starts.length < 2) return;
    const names = starts.map(({ node }) => describeNode(node)).join(", ");
    for (const { index } of starts) {
      report({
        pointer: nodePointer(index, "isStart"),
        message: `${starts.length} nodes are marked as the start (${names}); keep "isStart": true on one of them only.`,
      });
    }
  },
});
