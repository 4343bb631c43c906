// The node a request starts at has a way on (or ends the call itself); otherwise the conversation is stuck there.
import { describeNode } from "../../model/pathway.js";
import { at } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "start-node-leads-nowhere",
    description: "The node a request starts at (`start_node_id`, else the pathway's start) has an outgoing edge, or is an end or transfer node.",
    defaultSeverity: "warning",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    messages: {
      startNodeLeadsNowhere:
        "The call starts at node {{gNodesNode}}, which has no way on: the conversation stays there and no other node of {{pathwayWhere}} runs; {{detail}}.",
    },
  },
  check({ body, pathway }, report) {
    if (!pathway) return;
    const g = pathway.graph;
    if (g.start < 0 || g.ids.length < 2) return;
    if (g.outOffset[g.start + 1]! > g.outOffset[g.start]! || g.isExit[g.start] === 1) return;
    const chosen = typeof body.start_node_id === "string";
    report({
      pointer: chosen ? at("start_node_id") : at("pathway_id"),
      messageId: "startNodeLeadsNowhere",
      data: { gNodesNode: describeNode(g.nodes[g.start]!.node), pathwayWhere: pathway.where, detail: chosen ? "start at another node" : "add an edge from it" },
    });
  },
});
