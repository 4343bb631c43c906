// A `{{variable}}` that some path reaches before it is set is spoken as literal braces on that path.
import { describeNode } from "../../model/index.js";
import { defineRule } from "../../validate/rule.js";
import { getLintFacts } from "../facts.js";
import { noOptions, toPointer } from "./helpers.js";

export default defineRule({
  meta: {
    id: "maybe-unset-variable",
    description: "Every path from the start to a `{{variable}}` passes a node that extracts or fetches it first.",
    defaultSeverity: "warning",
    options: noOptions,
  },
  check(context, report) {
    const { graph, variableFindings } = getLintFacts(context);
    for (const use of variableFindings.maybeUnset) {
      const node = graph.nodes[graph.indexOf.get(use.nodeId)!]!.node;
      report({
        pointer: toPointer(use.path),
        message: `{{${use.name}}} in the ${use.field} of node ${describeNode(node)} may be unset: some path from the start reaches this node without passing a node that sets it; extract it on every path before this node, or reword the ${use.field} so it does not depend on it.`,
      });
    }
  },
});
