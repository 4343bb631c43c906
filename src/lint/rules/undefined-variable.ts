// A `{{variable}}` nothing sets reaches the model as literal braces, which it may read aloud.
import { describeNode } from "../../model/index.js";
import { defineRule } from "../../validate/rule.js";
import { getLintFacts } from "../facts.js";
import { noOptions, toPointer } from "./helpers.js";

export default defineRule({
  meta: {
    id: "undefined-variable",
    description: "Every `{{variable}}` is a system variable, a declared request_data variable, an extracted variable or a webhook response variable.",
    defaultSeverity: "warning",
    options: noOptions,
  },
  check(context, report) {
    const { graph, variableFindings } = getLintFacts(context);
    for (const use of variableFindings.undefined) {
      const node = graph.nodes[graph.indexOf.get(use.nodeId)!]!.node;
      report({
        pointer: toPointer(use.path),
        message: `{{${use.name}}} in the ${use.field} of node ${describeNode(node)} is never defined: no extractVars or webhook responseData sets it and it is not a system variable; extract it in an earlier node, or declare it in pathway.config.json "variables.requestData" if the call's request_data provides it.`,
      });
    }
  },
});
