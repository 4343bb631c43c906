// Table test of temperature-range.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("temperature-range", checkText(), {
  valid: [{ name: "seed 4.1: 0 and 1 are the bounds", text: requestText({ ...CALL, temperature: "1" }) }],
  invalid: [
    {
      name: "seed 4.1, part 8: above 1",
      text: requestText({ ...CALL, temperature: "«1.5" }),
      findings: [{ pointer: "/temperature", messageId: "outOfRange", data: { value: "1.5" } }],
    },
    { name: "seed 4.1: a string", text: requestText({ ...CALL, temperature: '«"0.5"' }), findings: [{ pointer: "/temperature" }] },
  ],
});
