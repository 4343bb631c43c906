// Table test of request-field-type.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, CALL, checkText, INBOUND, requestText } from "../../support/request-text.js";

ruleTable("request-field-type", checkText(), {
  valid: [
    {
      name: "seed 4.1: booleans, strings and objects as documented",
      text: requestText({ ...CALL, record: "true", wait_for_greeting: "false", metadata: '{"a": 1}', summary_prompt: '"short"' }),
    },
  ],
  invalid: [
    {
      name: "seed 4.1: record is a boolean",
      text: requestText({ ...CALL, record: '«"yes"' }),
      findings: [
        {
          pointer: "/record",
          messageId: "requestFieldType",
          data: {
            detail: "record",
            value: '"yes"',
            issueMessage: "Invalid input: expected boolean, received string",
            endpoint: "POST /v1/calls",
            field: "record",
          },
        },
      ],
    },
    { name: "seed 4.2: model is base, turbo or enhanced", text: requestText({ ...INBOUND, model: '«"fast"' }), findings: [{ pointer: "/model" }] },
    { name: "seed 4.3: test_mode is a boolean", text: requestText({ ...BATCH, test_mode: "«1" }), findings: [{ pointer: "/test_mode" }] },
  ],
});
