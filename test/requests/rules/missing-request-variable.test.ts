// Table test of missing-request-variable.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, BRANCHES, CALL, checkText, checkWithPathway, READ_EARLY, requestText } from "../../support/request-text.js";

ruleTable("missing-request-variable", checkWithPathway, {
  valid: [
    {
      name: "seed 4.1: request_data supplies what the start reads",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p-orders"', request_data: '{"name": "Ada", "company": "Acme"}' }),
    },
    {
      name: "seed 2.6: dynamic_data response_data supplies company",
      text: requestText({
        phone_number: CALL.phone_number,
        pathway_id: '"p-orders"',
        request_data: '{"name": "Ada"}',
        dynamic_data: '[{"url": "https://a.example", "response_data": [{"name": "company", "data": "$.c"}]}]',
      }),
    },
    {
      name: "seed 4.1: starting at Status needs order, which request_data gives",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p-orders"', start_node_id: '"status"', request_data: '{"order": "A1"}' }),
    },
  ],
  invalid: [
    {
      name: "seed 4.1: request_data without company",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p-orders"', request_data: '«{"name": "Ada"}' }),
      findings: [
        {
          pointer: "/request_data",
          messageId: "notSupplied",
          data: {
            read: '{{company}} is read by node "Greeting" (id start) in its text before any node sets it',
            where: "request_data",
            hint: 'add "company" to request_data',
            consequence: "the caller hears the literal {{company}}",
          },
        },
      ],
    },
    {
      name: "seed 4.1: starting at Status skips the node that extracts order",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p-orders"', start_node_id: '"status"', request_data: "«{}" }),
      findings: [
        {
          pointer: "/request_data",
          messageId: "notSupplied",
          data: {
            read: '{{order}} is read by node "Status" (id status) in its prompt before any node sets it',
            where: "request_data",
            hint: 'add "order" to request_data',
            consequence: "the caller hears the literal {{order}}",
          },
        },
      ],
    },
    {
      name: "seed 4.3: the batch row index names the row that lacks it",
      text: requestText({
        ...BATCH,
        pathway_id: '"p"',
        request_data: '{"company": "Acme"}',
        call_data: '[{"phone_number": "+14155550123", "name": "A"},\n«{"phone_number": "+14155550124"}]',
        base_prompt: '"x"',
      }),
      findings: [
        {
          pointer: "/call_data/1",
          messageId: "rowDoesNotSupply",
          data: {
            read: '{{name}} is read by node "Greeting" (id start) in its text before any node sets it',
            index: 1,
            root: "name",
            consequence: "the caller hears the literal {{name}}",
          },
        },
      ],
    },
  ],
});

ruleTable("missing-request-variable", checkWithPathway, {
  valid: [],
  invalid: [
    {
      name: "seed 4.3: no call_data row supplies {{name}}: one finding for the batch, not one per row",
      text: requestText({
        ...BATCH,
        pathway_id: '"p"',
        request_data: '{"company": "Acme"}',
        call_data: '«[{"phone_number": "+14155550123"}, {"phone_number": "+14155550124"}]',
        base_prompt: '"x"',
      }),
      findings: [
        {
          pointer: "/call_data",
          messageId: "noRowSupplies",
          data: {
            read: '{{name}} is read by node "Greeting" (id start) in its text before any node sets it',
            root: "name",
            consequence: "the caller hears the literal {{name}}",
          },
        },
      ],
    },
  ],
});

ruleTable("missing-request-variable", checkWithPathway, {
  valid: [],
  invalid: [
    {
      name: "seed 4.2: an inbound number whose pathway reads {{company}} and {{name}} at the start: nothing can supply them",
      text: requestText({ model: '"base"', pathway_id: '««"p-orders"' }),
      findings: [
        {
          pointer: "/pathway_id",
          messageId: "notSupplied",
          data: {
            read: '{{company}} is read by node "Greeting" (id start) in its text before any node sets it',
            where: "an inbound call (no request_data; pathway_id resets dynamic_data: POST /v1/inbound/{phone_number})",
            hint: 'extract or fetch "company" in the pathway before this node',
            consequence: "the caller hears the literal {{company}}",
          },
        },
        {
          pointer: "/pathway_id",
          messageId: "notSupplied",
          data: {
            read: '{{name}} is read by node "Greeting" (id start) in its text before any node sets it',
            where: "an inbound call (no request_data; pathway_id resets dynamic_data: POST /v1/inbound/{phone_number})",
            hint: 'extract or fetch "name" in the pathway before this node',
            consequence: "the caller hears the literal {{name}}",
          },
        },
      ],
    },
  ],
});

ruleTable("missing-request-variable", checkText({ pathway: { where: "branches.json", value: BRANCHES as never } }), {
  valid: [
    {
      name: "seed 4.1: a variable one branch sets first is not read before any node sets it (maybe-missing-request-variable's case)",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p"', request_data: "{}" }),
    },
  ],
  invalid: [
    {
      name: "seed 4.1: starting at Status, no path sets order first",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p"', start_node_id: '"status"', request_data: "«{}" }),
      findings: [
        {
          pointer: "/request_data",
          messageId: "notSupplied",
          data: {
            read: '{{order}} is read by node "Status" (id status) in its prompt before any node sets it',
            where: "request_data",
            hint: 'add "order" to request_data',
            consequence: "the caller hears the literal {{order}}",
          },
        },
      ],
    },
  ],
});

ruleTable("missing-request-variable", checkText({ pathway: { where: "read-early.json", value: READ_EARLY as never } }), {
  valid: [],
  invalid: [
    {
      name: "seed 4.1: a read no path sets first is reported, though an earlier node in the file reads it maybe-unset",
      text: requestText({ phone_number: CALL.phone_number, pathway_id: '"p"', request_data: "«{}" }),
      findings: [
        {
          pointer: "/request_data",
          messageId: "notSupplied",
          data: {
            read: '{{order}} is read by node "Intro" (id intro) in its prompt before any node sets it',
            where: "request_data",
            hint: 'add "order" to request_data',
            consequence: "the caller hears the literal {{order}}",
          },
        },
      ],
    },
  ],
});
