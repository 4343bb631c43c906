// Table test of invalid-timezone.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("invalid-timezone", checkText(), {
  valid: [
    { name: "seed 4.1: America/New_York", text: requestText({ ...CALL, timezone: '"America/New_York"' }) },
    { name: "seed 4.1: UTC", text: requestText({ ...CALL, timezone: '"UTC"' }) },
  ],
  invalid: [
    {
      name: "seed 4.1: a misspelt TZ database identifier",
      text: requestText({ ...CALL, timezone: '«"America/NewYork"' }),
      findings: [{ pointer: "/timezone", messageId: "invalidTimezone", data: { tz: '"America/NewYork"', detail: 'did you mean "America/New_York"?' } }],
    },
    { name: "seed 4.1: an abbreviation", text: requestText({ ...CALL, timezone: '«"EST5"' }), findings: [{ pointer: "/timezone" }] },
  ],
});
