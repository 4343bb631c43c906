// A node with no way on strands the caller unless it ends the call, transfers it, or (a global node) hands control back.
import { defineRule } from "../../validate/rule.js";
import { getLintFacts } from "../facts.js";
import { describeAt, nodePointer, noOptions } from "./helpers.js";

export default defineRule({
  meta: {
    id: "dead-end",
    description:
      "Every node other than End Call, a transfer or Transfer Pathway has a way on (an edge, a route, a response route or a press target); global nodes are left to global-never-returns.",
    defaultSeverity: "error",
    options: noOptions,
  },
  check(context, report) {
    const { graph } = getLintFacts(context);
    for (let i = 0; i < graph.ids.length; i++) {
      // A global node returns to where the caller was unless told not to; global-never-returns reports that case.
      if (graph.isExit[i] === 1 || graph.isGlobal[i] === 1 || graph.outOffset[i + 1]! > graph.outOffset[i]!) continue;
      report({
        pointer: nodePointer(graph.nodes[i]!.index),
        message: `Node ${describeAt(graph, i)} is a dead end: it has no outgoing edge and does not end or transfer the call; add an edge out of it, or make it an End Call node.`,
      });
    }
  },
});
