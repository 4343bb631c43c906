// Table test of interruption-threshold.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, INBOUND, requestText } from "../../support/request-text.js";

ruleTable("interruption-threshold", checkText(), {
  valid: [{ name: "seed 4.1: 50 to 200 recommended", text: requestText({ ...CALL, interruption_threshold: "200" }) }],
  invalid: [
    {
      name: "seed part 8: below 50",
      text: requestText({ ...CALL, interruption_threshold: "«20" }),
      findings: [
        {
          pointer: "/interruption_threshold",
          messageId: "interruptionThreshold",
          data: { value: 20, detail: "the agent may answer before the caller finishes" },
        },
      ],
    },
    {
      name: "seed 4.2: above 200 on an inbound number",
      text: requestText({ ...INBOUND, interruption_threshold: "«500" }),
      findings: [
        { pointer: "/interruption_threshold", messageId: "interruptionThreshold", data: { value: 500, detail: "the agent may wait too long to answer" } },
      ],
    },
  ],
});
