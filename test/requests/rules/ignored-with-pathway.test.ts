// Table test of ignored-with-pathway.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("ignored-with-pathway", checkText(), {
  valid: [
    { name: "seed 4.1: a pathway call without task or model", text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p-1"', voice: '"maya"' }) },
  ],
  invalid: [
    {
      name: "seed 4.1: task, model and transfer_phone_number with pathway_id",
      text: requestText({ ...CALL, task: '«"x"', pathway_id: '"p-1"', model: '«"base"', transfer_phone_number: '«"+14155550199"' }),
      findings: [
        { pointer: "/task", messageId: "replacedByPathway", data: { field: "task", model: "" } },
        { pointer: "/model", messageId: "replacedByPathway", data: { field: "model", model: " and the service chooses the model" } },
        { pointer: "/transfer_phone_number" },
      ],
    },
    {
      name: "seed 4.2: pathway_id resets prompt and first_sentence",
      text: requestText({ prompt: '«"Answer"', pathway_id: '"p-1"', first_sentence: '«"Hi"' }),
      findings: [{ pointer: "/prompt", messageId: "resetByPathway", data: { field: "prompt" } }, { pointer: "/first_sentence" }],
    },
  ],
});
