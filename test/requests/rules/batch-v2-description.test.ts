// Table test of batch-v2-description.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH_V2, checkText, requestText } from "../../support/request-text.js";

ruleTable("batch-v2-description", checkText(), {
  valid: [
    { name: "POST /v2/batches/create: no description (default Untitled Batch)", text: requestText(BATCH_V2) },
    { name: "POST /v2/batches/create: exactly 60 characters", text: requestText({ ...BATCH_V2, description: JSON.stringify("x".repeat(60)) }) },
  ],
  invalid: [
    {
      name: "POST /v2/batches/create: 61 characters",
      text: requestText({ ...BATCH_V2, description: `«${JSON.stringify("x".repeat(61))}` }),
      findings: [{ pointer: "/description", messageId: "tooLong", data: { length: 61, max: 60 } }],
    },
    {
      name: "POST /v2/batches/create: a number",
      text: requestText({ ...BATCH_V2, description: "«7" }),
      findings: [{ pointer: "/description", messageId: "notString", data: { value: "7", max: 60 } }],
    },
  ],
});
