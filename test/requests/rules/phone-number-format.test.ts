// Table test of phone-number-format.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, CALL, checkText, PURCHASE, requestText } from "../../support/request-text.js";

ruleTable("phone-number-format", checkText(), {
  valid: [
    { name: "seed 4.1: E.164 with plus and country code", text: requestText(CALL) },
    { name: "seed 4.1: a 10-digit number (discouraged, not invalid)", text: requestText({ ...CALL, phone_number: '"4155550123"' }) },
    { name: "seed 4.6: a purchase with +1 and ten digits", text: requestText({ ...PURCHASE, phone_number: '"+14155550123"' }) },
  ],
  invalid: [
    {
      name: "seed 4.1: a country code without plus (11 digits starting with 1)",
      text: requestText({ ...CALL, phone_number: '«"14155550123"' }),
      findings: [
        {
          pointer: "/phone_number",
          messageId: "notDialable",
          data: { fField: "phone_number", fValue: '"14155550123"', formWhy: "it has a country code without the plus", detail: 'write it as "+14155550123"' },
        },
      ],
    },
    {
      name: "seed 4.1: letters",
      text: requestText({ ...CALL, phone_number: '«"1-800-FLOWERS"' }),
      findings: [
        {
          pointer: "/phone_number",
          messageId: "notDialable",
          data: { fField: "phone_number", fValue: '"1-800-FLOWERS"', formWhy: "it has letters", detail: 'write it in E.164 form, e.g. "+14155550123"' },
        },
      ],
    },
    {
      name: "seed 4.1: extension text",
      text: requestText({ ...CALL, phone_number: '«"+14155550123 ext 12"' }),
      findings: [
        {
          pointer: "/phone_number",
          messageId: "notDialable",
          data: {
            fField: "phone_number",
            fValue: '"+14155550123 ext 12"',
            formWhy: "it has extension text, which the service cannot dial",
            detail: 'write it in E.164 form, e.g. "+14155550123"',
          },
        },
      ],
    },
    {
      name: "seed 4.1: from needs a country code and no spaces or parentheses",
      text: requestText({ ...CALL, from: '«"(415) 555-0123"' }),
      findings: [{ pointer: "/from", messageId: "fromNeedsCountry", data: { fValue: '"(415) 555-0123"', formE164: "+14155550123" } }],
    },
    {
      name: "seed 4.1: a transfer_list value that is a number, not a string",
      text: requestText({ ...CALL, transfer_list: '{"default": «4155550123}' }),
      findings: [{ pointer: "/transfer_list/default", messageId: "notString", data: { fField: "transfer_list.default", fValue: "4155550123" } }],
    },
    {
      name: "seed 4.3: a batch row number without plus",
      text: requestText({ ...BATCH, call_data: '[{"phone_number": «"14155550123", "name": "Ada"}]' }),
      findings: [{ pointer: "/call_data/0/phone_number" }],
    },
    {
      name: "seed 4.6: a purchase number without +1",
      text: requestText({ ...PURCHASE, phone_number: '«"+442071234567"' }),
      findings: [{ pointer: "/phone_number", messageId: "purchaseNotUs", data: { fValue: '"+442071234567"' } }],
    },
    { name: "seed 4.1: a call without phone_number", text: '«{"task": "hi"}', findings: [{ pointer: "", messageId: "callNoPhone" }] },
  ],
});
