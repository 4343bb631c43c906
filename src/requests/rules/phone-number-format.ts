// Phone numbers the service cannot dial (seed 4.1 "Invalid"; `from` 4.1; purchase 4.6) are errors.
import { isObject } from "../../model/pathway.js";
import { at, classifyPhone, getPhoneFields, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "phone-number-format",
    description:
      "Request phone numbers can be dialled: no country code without +, no letters or extension text; `from` in E.164; a purchased number with +1 (POST /v1/calls: phone_number, from; POST /v1/inbound/purchase: phone_number).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch", "inbound", "purchase"],
    fields: ["phone_number", "from", "transfer_phone_number", "transfer_list"],
    messages: {
      callNoPhone: 'The call has no "phone_number"; add the number to call in E.164 form, e.g. "+14155550123" (POST /v1/calls: phone_number).',
      transferListNotObject: 'transfer_list is {{bodyTransfer_list}}; write an object mapping a label to a number, e.g. {"default": "+14155550123"}.',
      notString: '{{fField}} is {{fValue}}; write the number as a string in E.164 form, e.g. "+14155550123".',
      purchaseNotUs: 'phone_number {{fValue}} must be +1 followed by ten digits (POST /v1/inbound/purchase: phone_number), e.g. "+14155550123".',
      notDialable: "{{fField}} {{fValue}} is not a number the service can dial: {{formWhy}}; {{detail}}.",
      fromNeedsCountry: 'from {{fValue}} needs a country code and no spaces or parentheses (POST /v1/calls: from): write it as "{{formE164}}".',
    },
  },
  check({ kind, body }, report) {
    if (kind === "call" && body.phone_number === undefined) {
      report({ pointer: "", messageId: "callNoPhone" });
    }
    if (body.transfer_list !== undefined && !isObject(body.transfer_list)) {
      report({ pointer: at("transfer_list"), messageId: "transferListNotObject", data: { bodyTransfer_list: show(body.transfer_list) } });
    }
    for (const f of getPhoneFields(kind, body)) {
      if (typeof f.value !== "string") {
        report({ pointer: f.pointer, messageId: "notString", data: { fField: f.field, fValue: show(f.value) } });
        continue;
      }
      const form = classifyPhone(f.value);
      if (f.strict === "purchase") {
        if (!/^\+1\d{10}$/.test(f.value.trim())) report({ pointer: f.pointer, messageId: "purchaseNotUs", data: { fValue: show(f.value) } });
        continue;
      }
      if (form.form === "invalid") {
        report({
          pointer: f.pointer,
          messageId: "notDialable",
          data: {
            fField: f.field,
            fValue: show(f.value),
            formWhy: form.why,
            detail: form.e164 ? `write it as "${form.e164}"` : 'write it in E.164 form, e.g. "+14155550123"',
          },
        });
      } else if (form.form === "discouraged" && f.strict === "from") {
        report({ pointer: f.pointer, messageId: "fromNeedsCountry", data: { fValue: show(f.value), formE164: form.e164 } });
      }
    }
  },
});
