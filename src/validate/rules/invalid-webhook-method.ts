// A Webhook node's `method` must be an HTTP method the service can send.
import { describeNode, nodeData } from "../../model/pathway.js";
import { WEBHOOK_METHODS } from "../../model/vocabulary.js";
import { definePathwayRule } from "../../rules/index.js";
import { isSavedToolWebhook, nodePointer } from "./helpers.js";

const METHODS: readonly string[] = WEBHOOK_METHODS;

export default definePathwayRule({
  meta: {
    id: "invalid-webhook-method",
    description: `Webhook nodes have a \`method\`: one of ${WEBHOOK_METHODS.join(", ")} (unless they run a saved tool, \`"tool": "TL-..."\`).`,
    defaultSeverity: "error",
    set: "validate",
    messages: {
      invalidWebhookMethod: 'Webhook node {{node}} has {{detail}}; set "method" to one of {{WEBHOOK_METHODS}}.',
    },
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      // A saved tool carries its own request; the node has no url or method, and that is not a defect.
      if (node.type !== "Webhook" || isSavedToolWebhook(nodeData(node))) continue;
      const method = nodeData(node).method;
      if (typeof method === "string" && METHODS.includes(method.toUpperCase())) continue;
      report({
        pointer: method === undefined ? nodePointer(index) : nodePointer(index, "method"),
        messageId: "invalidWebhookMethod",
        data: {
          node: describeNode(node),
          detail: method === undefined ? "no method" : `method ${JSON.stringify(method)}`,
          WEBHOOK_METHODS: WEBHOOK_METHODS.join(", "),
        },
      });
    }
  },
});
