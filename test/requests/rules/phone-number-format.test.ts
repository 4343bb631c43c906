// Table test of phone-number-format.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, CALL, checkText, INBOUND, PURCHASE, requestText } from "../../support/request-text.js";

ruleTable("phone-number-format", checkText(), {
  valid: [
    { name: "seed 4.1: E.164 with plus and country code", text: requestText(CALL) },
    { name: "seed 4.1: a 10-digit number (discouraged, not invalid)", text: requestText({ ...CALL, phone_number: "\"4155550123\"" }) },
    { name: "seed 4.6: a purchase with +1 and ten digits", text: requestText({ ...PURCHASE, phone_number: "\"+14155550123\"" }) },
  ],
  invalid: [
    { name: "seed 4.1: a country code without plus (11 digits starting with 1)", text: requestText({ ...CALL, phone_number: "«\"14155550123\"" }), findings: [{ pointer: "/phone_number", message: /write it as "\+14155550123"/ }] },
    { name: "seed 4.1: letters", text: requestText({ ...CALL, phone_number: "«\"1-800-FLOWERS\"" }), findings: [{ pointer: "/phone_number", message: /letters/ }] },
    { name: "seed 4.1: extension text", text: requestText({ ...CALL, phone_number: "«\"+14155550123 ext 12\"" }), findings: [{ pointer: "/phone_number", message: /extension/ }] },
    { name: "seed 4.1: from needs a country code and no spaces or parentheses", text: requestText({ ...CALL, from: "«\"(415) 555-0123\"" }), findings: [{ pointer: "/from", message: /"\+14155550123"/ }] },
    { name: "seed 4.1: a transfer_list value that is a number, not a string", text: requestText({ ...CALL, transfer_list: "{\"default\": «4155550123}" }), findings: [{ pointer: "/transfer_list/default", message: /as a string/ }] },
    { name: "seed 4.3: a batch row number without plus", text: requestText({ ...BATCH, call_data: "[{\"phone_number\": «\"14155550123\", \"name\": \"Ada\"}]" }), findings: [{ pointer: "/call_data/0/phone_number" }] },
    { name: "seed 4.6: a purchase number without +1", text: requestText({ ...PURCHASE, phone_number: "«\"+442071234567\"" }), findings: [{ pointer: "/phone_number", message: /\+1 followed by ten digits/ }] },
    { name: "seed 4.1: a call without phone_number", text: "«{\"task\": \"hi\"}", findings: [{ pointer: "", message: /no "phone_number"/ }] },
  ],
});
