// A global start node is entered at the start and also whenever its label matches, restarting the conversation.
import { describeNode, isGlobalNode, isStartNode } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "start-node-is-global",
    description: "The start node is not also a global node.",
    defaultSeverity: "warning",
    set: "lint",
    messages: {
      startNodeIsGlobal:
        'Start node {{node}} is also global, so any caller remark that matches its label restarts the conversation; remove "isGlobal", or move the global behaviour to its own node.',
    },
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (!isStartNode(node) || !isGlobalNode(node)) continue;
      report({
        pointer: nodePointer(index, "isGlobal"),
        messageId: "startNodeIsGlobal",
        data: { node: describeNode(node) },
      });
    }
  },
});
