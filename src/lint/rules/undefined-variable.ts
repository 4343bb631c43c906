// A `{{variable}}` nothing sets reaches the model as literal braces, which it may read aloud.
import { definePathwayRule } from "../../rules/index.js";
import { getLintFacts } from "../facts.js";
import { describeUse, useReport } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "undefined-variable",
    description:
      "Every `{{variable}}` is a system variable, a declared request_data variable, or set by a node: extractVars, webhook responseData, a node tool's response_data or a Custom Code result.",
    defaultSeverity: "warning",
    set: "lint",
    messages: {
      undefinedVariable: "{{{{useName}}}} in {{use}} is never defined: no extractVars, webhook responseData, tool response_data or Custom Code result sets it and it is not a system variable; extract it in an earlier node, or declare it in pathway.config.json \"variables.requestData\" if the call's request_data provides it.",
    },
  },
  check(context, report) {
    const { graph, variableFindings } = getLintFacts(context);
    for (const use of variableFindings.undefined) {
      report(
        useReport(
          use,
          "undefinedVariable", { useName: use.name, use: describeUse(graph, use) },
        ),
      );
    }
  },
});
