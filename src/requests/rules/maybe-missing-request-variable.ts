// A variable one branch sets and another does not (lint's maybe-unset case) reaches the caller as braces on the other branch.
import { describeReadNode, reportUnsupplied, SUPPLY_MESSAGES } from "../supply.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "maybe-missing-request-variable",
    description:
      "A `{{variable}}` that some paths from the start used set before reading it and others do not (lint's `maybe-unset-variable`) is supplied by the request for those others, or set on every path.",
    defaultSeverity: "warning",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    messages: SUPPLY_MESSAGES,
  },
  check(context, report) {
    const variables = context.pathway?.required.filter((v) => v.maybeUnset) ?? [];
    reportUnsupplied(
      context,
      variables,
      {
        // The lint's maybe-unset wording, so the two commands say the same thing about the same read.
        read: (v) =>
          `{{${v.name}}} in the ${v.field} of ${describeReadNode(v)} may be unset: some path from the start reaches this node without passing a node that sets it`,
        consequence: (v) => `set it on every path before this node; otherwise the caller hears the literal {{${v.name}}} on that path`,
      },
      report,
    );
  },
});
