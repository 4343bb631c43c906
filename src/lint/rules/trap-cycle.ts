// A loop whose nodes can never reach End Call or a transfer keeps the caller going round forever.
import { definePathwayRule } from "../../rules/index.js";
import { getLintFacts } from "../facts.js";
import { describeList, nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "trap-cycle",
    description:
      "No loop of nodes is a trap: from every cycle some way on (edge, route, response route, press target) leads to End Call, a transfer, Transfer Pathway or a global node that returns.",
    defaultSeverity: "error",
    set: "lint",
    messages: {
      nodeLoopsToItself: "Node {{nodes}} only loops back to itself and never leads to End Call or a transfer; add an edge out of the loop towards an ending.",
      nodesFormTrap: "Nodes {{nodes}} form a loop that never leads to End Call or a transfer; add an edge out of the loop towards an ending.",
    },
  },
  check(context, report) {
    const { graph, canExit, cycles } = getLintFacts(context);
    for (const members of cycles) {
      if (members.some((i) => canExit[i] === 1)) continue;
      const nodes = members.map((i) => graph.nodes[i]!);
      const first = nodes[0]!;
      report({
        pointer: nodePointer(first.index),
        messageId: members.length === 1 ? "nodeLoopsToItself" : "nodesFormTrap",
        data: { nodes: describeList(members.length === 1 ? [first.node] : nodes.map((n) => n.node)) },
        related: nodes.slice(1).map((n) => ({ pointer: nodePointer(n.index), message: "Also in the loop." })),
      });
    }
  },
});
