// Table test of unused-request-data.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkWithPathway, requestText } from "../../support/request-text.js";

ruleTable("unused-request-data", checkWithPathway, {
  valid: [
    {
      name: "seed 4.1: every key is read",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p-orders"', request_data: '{"name": "Ada", "company": "Acme"}' }),
    },
  ],
  invalid: [
    {
      name: "seed 2.6: a key nothing reads (case mismatch)",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p-orders"', request_data: '{"name": "Ada", "company": "Acme", "Order": «1}' }),
      findings: [
        {
          pointer: "/request_data/Order",
          messageId: "unusedRequestData",
          data: { key: "Order", pathwayWhere: "", detail: "orders.json; it reads {{order}}: is this the same name?" },
        },
      ],
    },
  ],
});
