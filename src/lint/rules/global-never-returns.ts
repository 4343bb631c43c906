// A global node told not to return, with no way on of its own, leaves the caller stuck at it.
import { getStrandingGlobals } from "../../graph/index.js";
import { definePathwayRule } from "../../rules/index.js";
import { getLintFacts } from "../facts.js";
import { describeAt, nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "global-never-returns",
    description:
      "A global node with `enableGlobalAutoReturn: false` has a way on (an edge, route or response route); without the flag it returns to where the caller was.",
    // A warning: what the service does at such a node is not documented.
    set: "lint",
    defaultSeverity: "warning",
    messages: {
      globalNeverReturns:
        'Global node {{index}} never hands control back: it has "enableGlobalAutoReturn": false and no outgoing edge; remove the flag so it returns to where the caller was, or add an edge out of it.',
    },
  },
  check(context, report) {
    const { graph } = getLintFacts(context);
    for (const id of getStrandingGlobals(graph)) {
      const i = graph.indexOf.get(id)!;
      report({
        pointer: nodePointer(graph.nodes[i]!.index),
        messageId: "globalNeverReturns",
        data: { index: describeAt(graph, i) },
      });
    }
  },
});
