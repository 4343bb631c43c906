// Numbers the service accepts but discourages (10 digits; spaces, parentheses, dashes: seed 4.1) are best written in E.164.
import { classifyPhone, getPhoneFields, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "phone-number-not-e164",
    description:
      "Request phone numbers are in E.164 (+ and country code); 10-digit numbers and spaces, parentheses or dashes work but are discouraged (POST /v1/calls: phone_number).",
    defaultSeverity: "warning",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    messages: {
      phoneNumberNotE164: '{{fField}} {{fValue}} is accepted but discouraged ({{formWhy}}); write it as "{{formE164}}".',
    },
  },
  check({ kind, body }, report) {
    for (const f of getPhoneFields(kind, body)) {
      if (typeof f.value !== "string" || f.strict) continue;
      const form = classifyPhone(f.value);
      if (form.form === "discouraged")
        report({
          pointer: f.pointer,
          messageId: "phoneNumberNotE164",
          data: { fField: f.field, fValue: show(f.value), formWhy: form.why, formE164: form.e164 },
        });
    }
  },
});
