// Table test of task-length.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("task-length", checkText(), {
  valid: [{ name: "seed part 8: a short task", text: requestText(CALL) }],
  invalid: [
    {
      name: "seed 4.1, part 8: recommended under 2,000 characters",
      text: requestText({ ...CALL, task: `«"${"x".repeat(2000)}"` }),
      findings: [{ pointer: "/task", messageId: "taskLength", data: { field: "task", textLength: 2000 } }],
    },
  ],
});
