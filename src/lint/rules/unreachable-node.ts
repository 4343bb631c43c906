// A node no path from the start leads to is never spoken: usually a forgotten edge.
import { definePathwayRule } from "../../rules/index.js";
import { getLintFacts } from "../facts.js";
import { describeAt, nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "unreachable-node",
    description:
      "Every node can be reached from the start node through ways that can be taken: edges, routes, response routes, press targets and voicemail edges (global nodes count as reachable).",
    defaultSeverity: "warning",
    set: "lint",
    messages: {
      unreachableNode:
        "Node {{index}} cannot be reached from the start node {{start}}: no edge, route, response route or press target leads to it from a node the call can get to; add an edge to it from a reachable node, or delete it.",
    },
  },
  check(context, report) {
    const { graph, search } = getLintFacts(context);
    if (graph.start < 0) return;
    const start = describeAt(graph, graph.start);
    for (let i = 0; i < graph.ids.length; i++) {
      if (search.distance[i]! >= 0) continue;
      report({
        pointer: nodePointer(graph.nodes[i]!.index),
        messageId: "unreachableNode",
        data: { index: describeAt(graph, i), start },
      });
    }
  },
});
