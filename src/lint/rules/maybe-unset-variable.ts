// A `{{variable}}` that some path reaches before it is set is spoken as literal braces on that path.
import { definePathwayRule } from "../../rules/index.js";
import { getLintFacts } from "../facts.js";
import { describeUse, useReport } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "maybe-unset-variable",
    description: "Every path from the start to a `{{variable}}` passes a node that sets it first.",
    defaultSeverity: "warning",
    set: "lint",
    messages: {
      maybeUnsetVariable:
        "{{{{useName}}}} in {{use}} may be unset: some path from the start reaches this node without passing a node that sets it; set it on every path before this node, or reword the {{useField}} so it does not depend on it.",
    },
  },
  check(context, report) {
    const { graph, variableFindings } = getLintFacts(context);
    for (const use of variableFindings.maybeUnset) {
      report(useReport(use, "maybeUnsetVariable", { useName: use.name, use: describeUse(graph, use), useField: use.field }));
    }
  },
});
