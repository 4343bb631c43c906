// `timezone` is a real TZ database name (seed 4.1), checked against the names this runtime knows.
import { at, closestName, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

let zones: readonly string[] | undefined;
function knownZones(): readonly string[] {
  // Intl lists canonical names only; UTC and Etc/* are valid identifiers it leaves out.
  zones ??= [...Intl.supportedValuesOf("timeZone"), "UTC", "Etc/UTC", "GMT", "Etc/GMT"];
  return zones;
}

function isZone(name: string): boolean {
  if (knownZones().includes(name)) return true;
  try {
    // Aliases (e.g. US/Pacific) are not listed but are accepted by the formatter.
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name.includes("/");
  } catch {
    return false;
  }
}

export default defineRequestRule({
  meta: {
    id: "invalid-timezone",
    description: "`timezone` is an IANA TZ database name such as America/New_York (POST /v1/calls: timezone).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    fields: ["timezone"],
    messages: {
      invalidTimezone: "timezone {{tz}} is not a TZ database name; {{detail}}",
    },
  },
  check({ body }, report) {
    const tz = body.timezone;
    if (tz === undefined) return;
    if (typeof tz === "string" && isZone(tz)) return;
    const near = typeof tz === "string" ? closestName(tz, knownZones()) : undefined;
    report({
      pointer: at("timezone"),
      messageId: "invalidTimezone",
      data: { tz: show(tz), detail: near ? `did you mean "${near}"?` : 'write one such as "America/New_York" (default "America/Los_Angeles").' },
    });
  },
});
