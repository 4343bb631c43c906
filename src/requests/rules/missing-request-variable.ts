// Variables the pathway reads before any node could set them must come with the request: request_data, a batch row, dynamic_data.
import { describeReadNode, reportUnsupplied, SUPPLY_MESSAGES } from "../supply.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "missing-request-variable",
    description:
      "Every `{{variable}}` the pathway reads before any node sets it on every path (walking from the start node used) is supplied by `request_data`, every batch row, `dynamic_data`, or is a system variable.",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    messages: SUPPLY_MESSAGES,
  },
  check(context, report) {
    const variables = context.pathway?.required.filter((v) => !v.maybeUnset) ?? [];
    reportUnsupplied(
      context,
      variables,
      {
        read: (v) => `{{${v.name}}} is read by ${describeReadNode(v)} in its ${v.field} before any node sets it`,
        consequence: (v) => `the caller hears the literal {{${v.name}}}`,
      },
      report,
    );
  },
});
