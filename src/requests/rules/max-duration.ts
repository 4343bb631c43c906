// `max_duration` is a whole number of minutes (seed 4.1, part 8): the timer ends the call.
import { at, show } from "../helpers.js";
import { FIELD_LIMITS } from "../models.js";
import { defineRequestRule } from "../rule.js";

const byDefault = FIELD_LIMITS.max_duration.default;

export default defineRequestRule({
  meta: {
    id: "max-duration",
    description: `\`max_duration\` is a whole number of minutes above 0 (default ${byDefault}; POST /v1/calls: max_duration; the API reference's limits).`,
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    fields: ["max_duration"],
    messages: {
      maxDuration: `max_duration is {{value}}; write a whole number of minutes above 0 (default ${byDefault}){{detail}}.`,
    },
  },
  check({ body }, report) {
    const v = body.max_duration;
    if (v === undefined || (Number.isInteger(v) && (v as number) > 0)) return;
    report({
      pointer: at("max_duration"),
      messageId: "maxDuration",
      data: { value: show(v), detail: typeof v === "string" && /^\d+$/.test(v) ? `, as a number: ${v}` : "" },
    });
  },
});
