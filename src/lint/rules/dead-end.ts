// A node with no way on strands the caller unless it ends the call, transfers it, or (a global node) hands control back.
// A node no call can reach strands no one: unreachable-node reports it, once, as the one problem it is.
import { definePathwayRule } from "../../rules/index.js";
import { getLintFacts } from "../facts.js";
import { describeAt, nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "dead-end",
    description:
      "Every node a call can reach, other than End Call, a transfer or Transfer Pathway, has a way on (an edge, a route, a response route or a press target); global nodes are left to global-never-returns, nodes no call reaches to unreachable-node.",
    defaultSeverity: "error",
    set: "lint",
    messages: {
      deadEnd:
        "Node {{index}} is a dead end: it has no outgoing edge and does not end or transfer the call; add an edge out of it, or make it an End Call node.",
    },
  },
  check(context, report) {
    const { graph, search } = getLintFacts(context);
    for (let i = 0; i < graph.ids.length; i++) {
      // A global node returns to where the caller was unless told not to; global-never-returns reports that case.
      if (graph.isExit[i] === 1 || graph.isGlobal[i] === 1 || graph.outOffset[i + 1]! > graph.outOffset[i]!) continue;
      // Without a start node nothing is unreachable (unreachable-node is silent), so every dead end is still reported.
      if (graph.start >= 0 && search.distance[i]! < 0) continue;
      report({
        pointer: nodePointer(graph.nodes[i]!.index),
        messageId: "deadEnd",
        data: { index: describeAt(graph, i) },
      });
    }
  },
});
