// Table test of maybe-missing-request-variable: a variable one branch sets before the read and another does not.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, BRANCHES, CALL, checkText, requestText } from "../../support/request-text.js";

const check = checkText({ pathway: { where: "branches.json", value: BRANCHES as never } });

ruleTable("maybe-missing-request-variable", check, {
  valid: [
    {
      name: "seed 4.1: request_data supplies order for the branch that does not extract it",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p"', request_data: '{"order": "A1"}' }),
    },
    {
      name: "seed 4.1: starting at Ask order, every path extracts order first",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p"', start_node_id: '"ask"' }),
    },
  ],
  invalid: [
    {
      name: "seed 4.1: one branch sets order and the other does not: the lint's maybe-unset wording",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p"', request_data: "«{}" }),
      findings: [
        {
          pointer: "/request_data",
          messageId: "notSupplied",
          data: {
            read: '{{order}} in the prompt of node "Status" (id status) may be unset: some path from the start reaches this node without passing a node that sets it',
            where: "request_data",
            hint: 'add "order" to request_data',
            consequence: "set it on every path before this node; otherwise the caller hears the literal {{order}} on that path",
          },
        },
      ],
    },
    {
      name: "seed 4.3: a batch row without order is named by its index",
      text: requestText({ ...BATCH, pathway_id: '"p"', call_data: '[{"phone_number": "+14155550123", "order": "A1"},\n«{"phone_number": "+14155550124"}]' }),
      findings: [
        {
          pointer: "/call_data/1",
          messageId: "rowDoesNotSupply",
          data: {
            read: '{{order}} in the prompt of node "Status" (id status) may be unset: some path from the start reaches this node without passing a node that sets it',
            index: 1,
            root: "order",
            consequence: "set it on every path before this node; otherwise the caller hears the literal {{order}} on that path",
          },
        },
      ],
    },
  ],
});
