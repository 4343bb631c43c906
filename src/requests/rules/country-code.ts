// `country_code` is one of the values seed 4.6 lists.
import { PURCHASE_COUNTRIES } from "../models.js";
import { at, closestName, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "country-code",
    description: "`country_code` of a purchase is US or CA (POST /v1/inbound/purchase: country_code; others via support).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["purchase"],
    fields: ["country_code"],
    messages: {
      countryCode: "country_code is {{value}}; {{detail}}use one of {{PURCHASE_COUNTRIES}} (POST /v1/inbound/purchase: country_code).",
    },
  },
  check({ body }, report) {
    const value = body.country_code;
    if (value === undefined) return;
    if (typeof value === "string" && (PURCHASE_COUNTRIES as readonly string[]).includes(value)) return;
    const near = typeof value === "string" ? closestName(value, PURCHASE_COUNTRIES) : undefined;
    report({
      pointer: at("country_code"),
      messageId: "countryCode",
      data: { value: show(value), detail: near ? `did you mean "${near}"? ` : "", PURCHASE_COUNTRIES: PURCHASE_COUNTRIES.join(", ") },
    });
  },
});
