// Route routes, Route fallbacks and webhook response routes point at node ids too; each must exist.
import { describeNode, isObject, nodeData, type IndexedNode } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { findNearNode, nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "unknown-route-target",
    description:
      "Route `routes[].targetNodeId` and `fallbackNodeId`, webhook `responsePathways` targets and Press Button `targetNodeAfterPress` name existing nodes.",
    defaultSeverity: "error",
    set: "validate",
    hasSuggestions: true,
    messages: {
      unknownRouteTarget: "{{what}} of node {{node}} points at node id {{target}}, which does not exist; point it at an existing node.",
      pointAtNear: "Point it at {{id}}, node {{node}}",
    },
  },
  check({ nodes, positionOf }, report) {
    const check = ({ node, index }: IndexedNode, target: unknown, path: (string | number)[], what: string) => {
      if (typeof target !== "string" || positionOf.has(target)) return;
      const pointer = nodePointer(index, ...path);
      const near = findNearNode(target, nodes);
      report({
        pointer,
        messageId: "unknownRouteTarget",
        data: { what, node: describeNode(node), target: JSON.stringify(target) },
        ...(near && { suggest: [{ messageId: "pointAtNear", data: { id: JSON.stringify(near.id), node: near.name }, edit: { pointer, value: near.id } }] }),
      });
    };
    for (const entry of nodes) {
      const data = nodeData(entry.node);
      if (Array.isArray(data.routes)) {
        data.routes.forEach((route, r) => check(entry, isObject(route) ? route.targetNodeId : undefined, ["routes", r, "targetNodeId"], `Route ${r + 1}`));
      }
      // Checked first so that the path array is built only for nodes that have a fallback.
      if (data.fallbackNodeId !== undefined) check(entry, data.fallbackNodeId, ["fallbackNodeId"], "The fallback route");
      if (Array.isArray(data.responsePathways)) {
        data.responsePathways.forEach((tuple, r) => {
          const target = Array.isArray(tuple) && isObject(tuple[3]) ? tuple[3].id : undefined;
          check(entry, target, ["responsePathways", r, 3, "id"], `Webhook response route ${r + 1}`);
        });
      }
      // Where a Press Button node goes once the digits are pressed: a way on like an edge (ivr-claims in the corpus).
      if (isObject(data.targetNodeAfterPress)) check(entry, data.targetNodeAfterPress.id, ["targetNodeAfterPress", "id"], "The target after the press");
    }
  },
});
