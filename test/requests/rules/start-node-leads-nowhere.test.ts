// Table test of start-node-leads-nowhere.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkWithPathway, requestText } from "../../support/request-text.js";

ruleTable("start-node-leads-nowhere", checkWithPathway, {
  valid: [
    {
      name: "seed 4.1: the pathway's own start has edges",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p-orders"', request_data: '{"name": "A", "company": "B"}' }),
    },
  ],
  invalid: [
    {
      name: "seed 4.1: start_node_id at a node with no way on",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p-orders"', start_node_id: '«"lonely"' }),
      findings: [
        {
          pointer: "/start_node_id",
          messageId: "startNodeLeadsNowhere",
          data: { gNodesNode: '"Lonely" (id lonely)', pathwayWhere: "orders.json", detail: "start at another node" },
        },
      ],
    },
  ],
});
