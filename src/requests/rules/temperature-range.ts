// `temperature` is a number from 0 to 1 (seed 4.1, part 8).
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "temperature-range",
    description: "`temperature` is a number from 0 (deterministic) to 1 (random) (seed 4.1, part 8).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch"],
    fields: ["temperature"],
    messages: {
      temperatureWriteNumber: "temperature is {{value}}; write a number from 0 to 1 (default 0.7).",
      temperatureOutsideSeed: "temperature {{value}} is outside 0 to 1 (seed 4.1); use e.g. 0.7 (the default).",
    },
  },
  check({ body }, report) {
    const t = body.temperature;
    if (t === undefined) return;
    if (typeof t !== "number" || !Number.isFinite(t)) report({ pointer: at("temperature"), messageId: "temperatureWriteNumber", data: { value: show(t) } });
    else if (t < 0 || t > 1) report({ pointer: at("temperature"), messageId: "temperatureOutsideSeed", data: { value: t } });
  },
});
