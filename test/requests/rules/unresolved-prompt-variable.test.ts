// Table test of unresolved-prompt-variable.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, CALL, checkText, INBOUND, PURCHASE, requestText } from "../../support/request-text.js";

ruleTable("unresolved-prompt-variable", checkText(), {
  valid: [
    { name: "seed 2.6: {{name}} from request_data and {{from}} from the system", text: requestText({ ...CALL, task: "\"Call {{name}} from {{from}}\"", request_data: "{\"name\": \"Ada\"}" }) },
    { name: "seed 4.3: {{name}} in every batch row", text: requestText({ ...BATCH, first_sentence: "\"Hi {{name}}\"" }) },
  ],
  invalid: [
    { name: "seed 2.6: a first_sentence variable request_data lacks", text: requestText({ ...CALL, first_sentence: "«\"Hi {{ name }}\"", request_data: "{\"Name\": \"Ada\"}" }), findings: [{ pointer: "/first_sentence", message: /add "name" to request_data/ }] },
    { name: "seed 4.1: a voicemail_message variable", text: requestText({ ...CALL, voicemail_message: "«\"Call {{agent.phone}}\"" }), findings: [{ pointer: "/voicemail_message", message: /"agent"/ }] },
  ],
});
