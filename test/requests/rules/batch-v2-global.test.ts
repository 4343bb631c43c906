// Table test of batch-v2-global.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH_V2, checkText, requestText } from "../../support/request-text.js";

const calls = BATCH_V2.call_objects;

ruleTable("batch-v2-global", checkText(), {
  valid: [
    { name: "POST /v2/batches/create: global with a task", text: requestText(BATCH_V2) },
    { name: "POST /v2/batches/create: global with a pathway_id", text: requestText({ global: '{"pathway_id": "pw-1"}', call_objects: calls }) },
  ],
  invalid: [
    { name: "POST /v2/batches/create: no global", text: `«${requestText({ call_objects: calls })}`, findings: [{ pointer: "", messageId: "missing" }] },
    {
      name: "POST /v2/batches/create: global is a string",
      text: requestText({ global: '«"Remind them"', call_objects: calls }),
      findings: [{ pointer: "/global", messageId: "notObject", data: { value: '"Remind them"' } }],
    },
    {
      name: "POST /v2/batches/create: global without task or pathway_id",
      text: requestText({ global: '«{"voice": "maya"}', call_objects: calls }),
      findings: [{ pointer: "/global", messageId: "noInstructions" }],
    },
    {
      name: "POST /v2/batches/create: a phone_number in global",
      text: requestText({ global: '{"task": "Hi", "phone_number": «"+14155550123"}', call_objects: calls }),
      findings: [{ pointer: "/global/phone_number", messageId: "phoneNumber" }],
    },
  ],
});
