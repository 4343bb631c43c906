// `start_time` is written `YYYY-MM-DD HH:MM:SS -HH:MM`, offset optional and UTC by default (seed 4.1).
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

/** The API reference's format (POST /v1/calls: start_time), with an optional offset. */
export const START_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?: ([+-])(\d{2}):(\d{2}))?$/;

/** The moment a start_time names, or undefined when it is not in the API reference's format or not a real date. */
export function parseStartTime(text: string): Date | undefined {
  const m = START_TIME.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, sign, oh, om] = m;
  const utc = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!);
  const check = new Date(utc);
  if (check.getUTCMonth() !== +mo! - 1 || check.getUTCDate() !== +d! || +h! > 23 || +mi! > 59 || +s! > 59) return undefined;
  if (oh !== undefined && (+oh > 14 || +om! > 59)) return undefined;
  const offset = sign ? (sign === "-" ? -1 : 1) * (+oh! * 60 + +om!) : 0;
  return new Date(utc - offset * 60_000);
}

export default defineRequestRule({
  meta: {
    id: "start-time-format",
    description: "`start_time` is a real date written `YYYY-MM-DD HH:MM:SS -HH:MM` (offset optional, default UTC; POST /v1/calls: start_time).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch"],
    fields: ["start_time"],
    messages: {
      startTimeFormat:
        'start_time {{value}} is not in the format "YYYY-MM-DD HH:MM:SS -HH:MM" (POST /v1/calls: start_time){{detail}}, e.g. "2026-12-01 09:30:00 -05:00".',
    },
  },
  check({ body }, report) {
    const value = body.start_time;
    if (value === undefined) return;
    if (typeof value === "string" && parseStartTime(value)) return;
    const iso = typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value);
    report({
      pointer: at("start_time"),
      messageId: "startTimeFormat",
      data: { value: show(value), detail: iso ? "; ISO 8601 with a T is not it: use a space and write the offset as -HH:MM" : "" },
    });
  },
});
