// Table test of country-code.
import { ruleTable } from "../../support/rule-table.js";
import { checkText, PURCHASE, requestText } from "../../support/request-text.js";

ruleTable("country-code", checkText(), {
  valid: [{ name: "seed 4.6: CA", text: requestText({ ...PURCHASE, country_code: '"CA"' }) }],
  invalid: [
    {
      name: "seed 4.6: US or CA only (others via support)",
      text: requestText({ ...PURCHASE, country_code: '«"GB"' }),
      findings: [{ pointer: "/country_code", messageId: "countryCode", data: { value: '"GB"', detail: "", PURCHASE_COUNTRIES: "US, CA" } }],
    },
  ],
});
