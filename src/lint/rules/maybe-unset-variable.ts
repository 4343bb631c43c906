// A `{{variable}}` that some path reaches before it is set is spoken as literal braces on that path.
import { defineRule } from "../../validate/rule.js";
import { getLintFacts } from "../facts.js";
import { describeUse, noOptions, useReport } from "./helpers.js";

export default defineRule({
  meta: {
    id: "maybe-unset-variable",
    description: "Every path from the start to a `{{variable}}` passes a node that sets it first.",
    defaultSeverity: "warning",
    options: noOptions,
  },
  check(context, report) {
    const { graph, variableFindings } = getLintFacts(context);
    for (const use of variableFindings.maybeUnset) {
      report(
        useReport(
          use,
          `{{${use.name}}} in ${describeUse(graph, use)} may be unset: some path from the start reaches this node without passing a node that sets it; set it on every path before this node, or reword the ${use.field} so it does not depend on it.`,
        ),
      );
    }
  },
});
