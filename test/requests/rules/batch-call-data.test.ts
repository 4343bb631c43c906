// Table test of batch-call-data.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, checkText, requestText } from "../../support/request-text.js";

ruleTable("batch-call-data", checkText(), {
  valid: [{ name: "seed 4.3: rows with phone_number", text: requestText(BATCH) }],
  invalid: [
    {
      name: "seed 4.3: a row without phone_number",
      text: requestText({ ...BATCH, call_data: '[{"phone_number": "+14155550123", "name": "Ada"}, «{"name": "Bo"}]' }),
      findings: [{ pointer: "/call_data/1", messageId: "rowWithoutPhone", data: { index: 1 } }],
    },
    {
      name: "seed 4.3: call_data is required",
      text: '«{"base_prompt": "Hi"}',
      findings: [{ pointer: "", messageId: "noRows", data: { detail: 'has no "call_data"' } }],
    },
    { name: "seed 4.3: a row that is not an object", text: requestText({ ...BATCH, call_data: '[«"+14155550123"]' }), findings: [{ pointer: "/call_data/0" }] },
  ],
});
