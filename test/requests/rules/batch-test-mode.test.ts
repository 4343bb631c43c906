// Table test of batch-test-mode.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, checkText, requestText } from "../../support/request-text.js";

ruleTable("batch-test-mode", checkText(), {
  valid: [{ name: "seed 4.3: test_mode false", text: requestText({ ...BATCH, test_mode: "false" }) }],
  invalid: [
    {
      name: "seed 4.3, part 8: only the first entry is dispatched",
      text: requestText({ ...BATCH, test_mode: "«true" }),
      findings: [{ pointer: "/test_mode", messageId: "batchTestMode", data: { rows: 1, detail: "" } }],
    },
  ],
});
