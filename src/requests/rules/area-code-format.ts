// A purchase's area_code is three digits, written as a string (seed 4.6).
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "area-code-format",
    description: "A purchase's `area_code` is three digits (seed 4.6), e.g. \"415\".",
    defaultSeverity: "error",
    kinds: ["purchase"],
    fields: ["area_code"],
  },
  check({ body }, report) {
    const code = body.area_code;
    if (code === undefined || (typeof code === "string" && /^\d{3}$/.test(code))) return;
    report({ pointer: at("area_code"), message: `area_code is ${show(code)}; write three digits as a string, e.g. "415" (seed 4.6)${typeof code === "number" && /^\d{3}$/.test(String(code)) ? `: "${code}"` : ""}.` });
  },
});
