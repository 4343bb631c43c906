// `interruption_threshold` is a number; 50 to 200 is the recommended range (seed 4.1, part 8).
import { at, show } from "../helpers.js";
import { FIELD_LIMITS } from "../models.js";
import { defineRequestRule } from "../rule.js";

const { recommendedMin: low, recommendedMax: high, default: byDefault } = FIELD_LIMITS.interruption_threshold;

export default defineRequestRule({
  meta: {
    id: "interruption-threshold",
    description: `\`interruption_threshold\` is within the recommended ${low} to ${high} (default ${byDefault}; POST /v1/calls: interruption_threshold; the API reference's limits).`,
    defaultSeverity: "warning",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    messages: {
      interruptionThreshold: `interruption_threshold {{value}} is outside the recommended ${low} to ${high} (the API reference's limits): {{detail}}; the default is ${byDefault}.`,
    },
  },
  check({ body }, report) {
    const t = body.interruption_threshold;
    if (typeof t !== "number" || (t >= low && t <= high)) return;
    report({
      pointer: at("interruption_threshold"),
      messageId: "interruptionThreshold",
      data: { value: show(t), detail: t < low ? "the agent may answer before the caller finishes" : "the agent may wait too long to answer" },
    });
  },
});
