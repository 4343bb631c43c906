// A webhook whose response matches none of its routes, and that has no default, leaves the call stuck after the request.
import { describeNode, isObject, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

/** The service's default response route: `["Default/Webhook Completion", "", "", {...}]`, or any route with no operator. */
function isDefaultRoute(tuple: unknown): boolean {
  if (!Array.isArray(tuple)) return false;
  if (typeof tuple[0] === "string" && /^default\b/i.test(tuple[0].trim())) return true;
  return (tuple[1] === "" || tuple[1] === undefined) && (tuple[2] === "" || tuple[2] === undefined) && isObject(tuple[3]);
}

export default definePathwayRule({
  meta: {
    id: "webhook-missing-default-route",
    description: "Webhook nodes have a default way on after the request: a `Default/Webhook Completion` response route or an outgoing edge.",
    defaultSeverity: "warning",
    set: "lint",
    messages: {
      webhookMissingDefaultRoute:
        'Webhook node {{node}} has no default route: when the response matches none of its response routes the call cannot go on; add a "Default/Webhook Completion" response route or an outgoing edge.',
    },
  },
  check({ nodes, edges }, report) {
    const webhooks = nodes.filter(({ node }) => node.type === "Webhook");
    if (webhooks.length === 0) return;
    const withEdges = new Set<unknown>();
    for (const { edge } of edges) withEdges.add(edge.source);
    for (const { node, index } of webhooks) {
      if (withEdges.has(node.id)) continue;
      const routes = nodeData(node).responsePathways;
      if (Array.isArray(routes) && routes.some(isDefaultRoute)) continue;
      report({
        pointer: Array.isArray(routes) ? nodePointer(index, "responsePathways") : nodePointer(index),
        messageId: "webhookMissingDefaultRoute",
        data: { node: describeNode(node) },
      });
    }
  },
});
