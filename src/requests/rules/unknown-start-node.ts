// start_node_id names a node of the pathway the request uses (seed 4.1): a node deleted in the editor breaks the call.
import { describeNode } from "../../model/pathway.js";
import { at, closestName, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "unknown-start-node",
    description: "`start_node_id` is the id of a node in the pathway the request uses (checked with --pathway, remote:<id> or the manifest).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch"],
    messages: {
      unknownStartNode: "start_node_id {{id}} is not a node of the pathway {{pathwayWhere}}{{hint}}",
    },
  },
  check({ body, pathway }, report) {
    if (!pathway || typeof body.start_node_id !== "string") return;
    const id = body.start_node_id;
    if (pathway.graph.indexOf.has(id)) return;
    const byName = pathway.graph.nodes.find(({ node }) => node.data?.name === id);
    const near = closestName(id, pathway.graph.ids);
    const hint = byName
      ? `; that is the name of node ${describeNode(byName.node)}: use its id`
      : near
        ? `; did you mean "${near}"?`
        : "; use the id of a node that exists (the node may have been deleted in the editor).";
    report({ pointer: at("start_node_id"), messageId: "unknownStartNode", data: { id: show(id), pathwayWhere: pathway.where, hint } });
  },
});
