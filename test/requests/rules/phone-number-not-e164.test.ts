// Table test of phone-number-not-e164.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("phone-number-not-e164", checkText(), {
  valid: [
    { name: "seed 4.1: E.164", text: requestText({ ...CALL, transfer_phone_number: '"+14155550199"' }) },
    { name: "seed 4.1: an invalid form is the other rule's", text: requestText({ ...CALL, phone_number: '"14155550123"' }) },
  ],
  invalid: [
    {
      name: "seed 4.1: 10 digits, shown in E.164",
      text: requestText({ ...CALL, phone_number: '«"4155550123"' }),
      findings: [
        {
          pointer: "/phone_number",
          messageId: "phoneNumberNotE164",
          data: { fField: "phone_number", fValue: '"4155550123"', formWhy: "it has 10 digits and no country code, so +1 is assumed", formE164: "+14155550123" },
        },
      ],
    },
    {
      name: "seed 4.1: spaces, parentheses and dashes",
      text: requestText({ ...CALL, transfer_phone_number: '«"(415) 555-0199"' }),
      findings: [
        {
          pointer: "/transfer_phone_number",
          messageId: "phoneNumberNotE164",
          data: {
            fField: "transfer_phone_number",
            fValue: '"(415) 555-0199"',
            formWhy: "it has no country code and has spaces, parentheses or dashes",
            formE164: "+14155550199",
          },
        },
      ],
    },
    {
      name: "seed 4.1: a plus number with spaces",
      text: requestText({ ...CALL, phone_number: '«"+44 20 7123 4567"' }),
      findings: [
        {
          pointer: "/phone_number",
          messageId: "phoneNumberNotE164",
          data: { fField: "phone_number", fValue: '"+44 20 7123 4567"', formWhy: "it has spaces, parentheses or dashes", formE164: "+442071234567" },
        },
      ],
    },
  ],
});
