// Table test of start-node-without-pathway.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("start-node-without-pathway", checkText(), {
  valid: [
    { name: "seed 4.1: start_node_id with pathway_id", text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p"', start_node_id: '"n1"' }) },
  ],
  invalid: [
    {
      name: "seed 4.1: start_node_id used only when pathway_id is given",
      text: requestText({ ...CALL, start_node_id: '«"n1"' }),
      findings: [{ pointer: "/start_node_id", messageId: "startNodeWithoutPathway" }],
    },
  ],
});
