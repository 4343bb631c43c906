// Table test of unknown-request-field.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, CALL, checkText, INBOUND, PURCHASE, requestText } from "../../support/request-text.js";

ruleTable("unknown-request-field", checkText(), {
  valid: [{ name: "seed 4.1: documented fields only", text: requestText({ ...CALL, request_data: "{\"anything\": 1}", metadata: "{\"x\": 1}" }) }],
  invalid: [
    { name: "seed 4.1: request_dta is a typo of request_data", text: requestText({ ...CALL, request_dta: "«{\"name\": \"Ada\"}" }), findings: [{ pointer: "/request_dta", message: /did you mean "request_data"/ }] },
    { name: "seed 2.6: an unknown retry field", text: requestText({ ...CALL, retry: "{\"wiat\": «30}" }), findings: [{ pointer: "/retry/wiat", message: /"wait"/ }] },
    { name: "seed 4.6: a purchase field that is not listed", text: requestText({ ...PURCHASE, region: "«\"west\"" }), findings: [{ pointer: "/region", message: /ignores/ }] },
  ],
});
