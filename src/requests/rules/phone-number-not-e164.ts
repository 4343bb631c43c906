// Numbers the service accepts but discourages (10 digits; spaces, parentheses, dashes: seed 4.1) are best written in E.164.
import { classifyPhone, getPhoneFields, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "phone-number-not-e164",
    description: "Request phone numbers are in E.164 (+ and country code); 10-digit numbers and spaces, parentheses or dashes work but are discouraged (seed 4.1).",
    defaultSeverity: "warning",
    kinds: ["call", "batch", "inbound"],
  },
  check({ kind, body }, report) {
    for (const f of getPhoneFields(kind, body)) {
      if (typeof f.value !== "string" || f.strict) continue;
      const form = classifyPhone(f.value);
      if (form.form === "discouraged") report({ pointer: f.pointer, message: `${f.field} ${show(f.value)} is accepted but discouraged (${form.why}); write it as "${form.e164}".` });
    }
  },
});
