// A start_time in the past does not schedule anything: the call is sent at once (seed 4.1).
import { at } from "../helpers.js";
import { defineRequestRule } from "../rule.js";
import { parseStartTime } from "./start-time-format.js";

export default defineRequestRule({
  meta: {
    id: "start-time-past",
    description: "A `start_time` is in the future (a past one is sent at once; POST /v1/calls: start_time).",
    defaultSeverity: "info",
    set: "request",
    kinds: ["call", "batch"],
    messages: {
      startTimePast:
        "start_time {{bodyStart_time}} is in the past, so the call is sent at once (POST /v1/calls: start_time); set a future time or remove start_time.",
    },
  },
  check({ body, now }, report) {
    if (typeof body.start_time !== "string") return;
    const when = parseStartTime(body.start_time);
    if (when && when.getTime() < now.getTime()) report({ pointer: at("start_time"), messageId: "startTimePast", data: { bodyStart_time: body.start_time } });
  },
});
