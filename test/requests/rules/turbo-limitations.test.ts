// Table test of turbo-limitations.
import { ruleTable } from "../../support/rule-table.js";
import { checkWithPathway, INBOUND, requestText } from "../../support/request-text.js";

ruleTable("turbo-limitations", checkWithPathway, {
  valid: [{ name: "seed 4.2: turbo with a plain prompt", text: requestText({ ...INBOUND, model: '"turbo"' }) }],
  invalid: [
    {
      name: "seed 4.2, part 8: turbo cannot transfer or use tools",
      text: requestText({ ...INBOUND, model: '"turbo"', transfer_phone_number: '«"+14155550100"', tools: '«[{"name": "lookup"}]' }),
      findings: [
        { pointer: "/transfer_phone_number", messageId: "transferNumber" },
        { pointer: "/tools", messageId: "tools" },
      ],
    },
    {
      name: "seed 4.2: turbo on a pathway with a transfer node",
      text: requestText({ pathway_id: '"p-orders"', model: '«"turbo"' }),
      findings: [{ pointer: "/model", messageId: "transferNodes", data: { pathwayWhere: "orders.json", detail: '"Human" (id human)' } }],
    },
  ],
});
