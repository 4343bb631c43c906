// `interruption_threshold` is a number; 50 to 200 is the recommended range (seed 4.1, part 8).
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "interruption-threshold",
    description: "`interruption_threshold` is within the recommended 50 to 200 (default 100; seed 4.1, part 8).",
    defaultSeverity: "warning",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    messages: {
      interruptionThreshold: "interruption_threshold {{value}} is outside the recommended 50 to 200 (seed part 8): {{detail}}; the default is 100.",
    },
  },
  check({ body }, report) {
    const t = body.interruption_threshold;
    if (typeof t !== "number" || (t >= 50 && t <= 200)) return;
    report({ pointer: at("interruption_threshold"), messageId: "interruptionThreshold", data: { value: show(t), detail: t < 50 ? "the agent may answer before the caller finishes" : "the agent may wait too long to answer" } });
  },
});
