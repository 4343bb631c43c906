// `temperature` is a number from 0 to 1 (seed 4.1, part 8).
import { at, show } from "../helpers.js";
import { FIELD_LIMITS } from "../models.js";
import { defineRequestRule } from "../rule.js";

const { min, max, default: byDefault } = FIELD_LIMITS.temperature;

export default defineRequestRule({
  meta: {
    id: "temperature-range",
    description: `\`temperature\` is a number from ${min} (deterministic) to ${max} (random) (POST /v1/calls: temperature; the API reference's limits).`,
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch"],
    fields: ["temperature"],
    messages: {
      notNumber: `temperature is {{value}}; write a number from ${min} to ${max} (default ${byDefault}).`,
      outOfRange: `temperature {{value}} is outside ${min} to ${max} (POST /v1/calls: temperature); use e.g. ${byDefault} (the default).`,
    },
  },
  check({ body }, report) {
    const t = body.temperature;
    if (t === undefined) return;
    if (typeof t !== "number" || !Number.isFinite(t)) report({ pointer: at("temperature"), messageId: "notNumber", data: { value: show(t) } });
    else if (t < min || t > max) report({ pointer: at("temperature"), messageId: "outOfRange", data: { value: t } });
  },
});
