// Table test of unknown-start-node.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkWithPathway, requestText } from "../../support/request-text.js";

ruleTable("unknown-start-node", checkWithPathway, {
  valid: [
    {
      name: "seed 4.1: start_node_id names a node",
      text: requestText({
        phone_number: CALL.phone_number,
        pathway_id: '"p-orders"',
        start_node_id: '"ask"',
        request_data: '{"name": "A", "company": "B", "order": 1}',
      }),
    },
  ],
  invalid: [
    {
      name: "seed 4.1: a start_node_id deleted in the editor",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p-orders"', start_node_id: '«"aks"' }),
      findings: [
        { pointer: "/start_node_id", messageId: "unknownStartNode", data: { id: '"aks"', pathwayWhere: "", hint: 'orders.json; did you mean "ask"?' } },
      ],
    },
    {
      name: "seed 4.1: a node name instead of its id",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p-orders"', start_node_id: '«"Status"' }),
      findings: [
        {
          pointer: "/start_node_id",
          messageId: "unknownStartNode",
          data: { id: '"Status"', pathwayWhere: "", hint: 'orders.json; that is the name of node "Status" (id status): use its id' },
        },
      ],
    },
  ],
});
