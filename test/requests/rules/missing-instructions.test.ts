// Table test of missing-instructions.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("missing-instructions", checkText(), {
  valid: [
    { name: "seed 4.1: a task", text: requestText(CALL) },
    { name: "seed 4.1: a pathway_id instead of a task", text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p-1"' }) },
    { name: "seed 4.2: an inbound number with a pathway_id and no prompt", text: requestText({ pathway_id: '"p-1"', model: '"enhanced"' }) },
  ],
  invalid: [
    {
      name: "seed 4.1: neither task nor pathway_id",
      text: '«{"phone_number": "+14155550123", "task": ""}'.replace("«{", "{").replace('"task": ""', '"task": «""'),
      findings: [{ pointer: "/task", messageId: "callNoTask" }],
    },
    {
      name: "seed 4.2: an inbound number with a blank prompt and no pathway_id",
      text: '{"model": "base", "prompt": «" "}',
      findings: [{ pointer: "/prompt", messageId: "inboundNoPrompt" }],
    },
    {
      name: "seed 4.3: a batch without base_prompt",
      text: '«{"call_data": [{"phone_number": "+14155550123"}]}',
      findings: [{ pointer: "", messageId: "batchNoBase" }],
    },
  ],
});
