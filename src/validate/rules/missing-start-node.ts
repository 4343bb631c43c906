// A pathway needs a start node: without one the service has nowhere to begin the call.
import { isStartNode } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";

export default definePathwayRule({
  meta: {
    id: "missing-start-node",
    description: "The pathway has a start node (`data.isStart: true`).",
    defaultSeverity: "error",
    set: "validate",
    messages: {
      missingStartNode: 'No node is marked as the start; set "isStart": true in the data of the node the call begins at.',
    },
  },
  check({ nodes }, report) {
    if (nodes.length === 0 || nodes.some(({ node }) => isStartNode(node))) return;
    report({ pointer: "/nodes", messageId: "missingStartNode" });
  },
});
