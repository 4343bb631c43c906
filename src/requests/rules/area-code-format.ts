// A purchase's area_code is three digits, written as a string (seed 4.6).
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "area-code-format",
    description: 'A purchase\'s `area_code` is three digits (POST /v1/inbound/purchase: area_code), e.g. "415".',
    defaultSeverity: "error",
    set: "request",
    kinds: ["purchase"],
    fields: ["area_code"],
    messages: {
      areaCodeFormat: 'area_code is {{code}}; write three digits as a string, e.g. "415" (POST /v1/inbound/purchase: area_code){{detail}}.',
    },
  },
  check({ body }, report) {
    const code = body.area_code;
    if (code === undefined || (typeof code === "string" && /^\d{3}$/.test(code))) return;
    report({
      pointer: at("area_code"),
      messageId: "areaCodeFormat",
      data: { code: show(code), detail: typeof code === "number" && /^\d{3}$/.test(String(code)) ? `: "${code}"` : "" },
    });
  },
});
