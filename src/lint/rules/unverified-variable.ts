// A `{{variable}}` nothing readable sets, in a pathway with Custom Code whose result cannot be read: it may be set there.
import { definePathwayRule } from "../../rules/index.js";
import { getLintFacts } from "../facts.js";
import { describeAt, describeUse, useReport } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "unverified-variable",
    description:
      "A `{{variable}}` no readable node sets, while a node whose outputs cannot be read (Custom Code with a spread, computed keys or no code; a saved tool) might set it: check that it does.",
    defaultSeverity: "warning",
    set: "lint",
    messages: {
      unverifiedVariable:
        '{{{{useName}}}} in {{use}} is set by no node whose outputs can be read; it may come from {{which}}. Make sure that node returns it, or declare it in pathway.config.json "variables.requestData" if request_data provides it.',
    },
  },
  check(context, report) {
    const { graph, variableFindings } = getLintFacts(context);
    const producers = variableFindings.opaqueProducers;
    if (variableFindings.opaque.length === 0) return;
    const shown = producers.slice(0, 2).map((o) => `${describeAt(graph, graph.indexOf.get(o.nodeId)!)} (${o.reason})`);
    const more = producers.length - shown.length;
    const which = shown.join(" and ") + (more > 0 ? ` and ${more} more` : "");
    for (const use of variableFindings.opaque) {
      report(useReport(use, "unverifiedVariable", { useName: use.name, use: describeUse(graph, use), which }));
    }
  },
});
