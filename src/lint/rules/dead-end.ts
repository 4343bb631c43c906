// A node with no way out strands the caller unless it ends the call or transfers it.
import { defineRule } from "../../validate/rule.js";
import { getLintFacts } from "../facts.js";
import { describeAt, nodePointer, noOptions } from "./helpers.js";

export default defineRule({
  meta: {
    id: "dead-end",
    description: "Every node other than End Call, a transfer or Transfer Pathway has a way out (an edge, a route, or auto-return for a global node).",
    defaultSeverity: "error",
    options: noOptions,
  },
  check(context, report) {
    const { graph } = getLintFacts(context);
    for (let i = 0; i < graph.ids.length; i++) {
      if (graph.isExit[i] === 1 || graph.autoReturn[i] === 1 || graph.outOffset[i + 1]! > graph.outOffset[i]!) continue;
      const global = graph.isGlobal[i] === 1;
      report({
        pointer: nodePointer(graph.nodes[i]!.index),
        message: global
          ? `Global node ${describeAt(graph, i)} never hands control back: it has no outgoing edge and no "enableGlobalAutoReturn": true; turn on auto-return, or add an edge out of it.`
          : `Node ${describeAt(graph, i)} is a dead end: it has no outgoing edge and does not end or transfer the call; add an edge out of it, or make it an End Call node.`,
      });
    }
  },
});
