// Table test of max-duration.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, INBOUND, requestText } from "../../support/request-text.js";

ruleTable("max-duration", checkText(), {
  valid: [{ name: "seed 4.1: whole minutes", text: requestText({ ...CALL, max_duration: "12" }) }],
  invalid: [
    { name: "seed 4.1: a fraction of a minute", text: requestText({ ...CALL, max_duration: "«1.5" }), findings: [{ pointer: "/max_duration" }] },
    {
      name: "seed 4.2: a number written as a string",
      text: requestText({ ...INBOUND, max_duration: '«"30"' }),
      findings: [{ pointer: "/max_duration", messageId: "maxDuration", data: { value: '"30"', detail: ", as a number: 30" } }],
    },
  ],
});
