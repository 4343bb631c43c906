// Table test of phone-number-not-e164.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, CALL, checkText, INBOUND, PURCHASE, requestText } from "../../support/request-text.js";

ruleTable("phone-number-not-e164", checkText(), {
  valid: [
    { name: "seed 4.1: E.164", text: requestText({ ...CALL, transfer_phone_number: "\"+14155550199\"" }) },
    { name: "seed 4.1: an invalid form is the other rule's", text: requestText({ ...CALL, phone_number: "\"14155550123\"" }) },
  ],
  invalid: [
    { name: "seed 4.1: 10 digits, shown in E.164", text: requestText({ ...CALL, phone_number: "«\"4155550123\"" }), findings: [{ pointer: "/phone_number", message: /write it as "\+14155550123"/ }] },
    { name: "seed 4.1: spaces, parentheses and dashes", text: requestText({ ...CALL, transfer_phone_number: "«\"(415) 555-0199\"" }), findings: [{ pointer: "/transfer_phone_number", message: /"\+14155550199"/ }] },
    { name: "seed 4.1: a plus number with spaces", text: requestText({ ...CALL, phone_number: "«\"+44 20 7123 4567\"" }), findings: [{ pointer: "/phone_number", message: /"\+442071234567"/ }] },
  ],
});
