// Table test of dynamic-data-placeholder.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("dynamic-data-placeholder", checkText(), {
  valid: [
    {
      name: "seed 2.6: {{from}} and {{call_id}} in the body",
      text: requestText({
        ...CALL,
        dynamic_data: '[{"url": "https://a.example", "method": "POST", "body": {"caller": "{{from}}", "id": "{{call_id}}"}, "response_data": []}]',
      }),
    },
  ],
  invalid: [
    {
      name: "seed 2.6: only the five system placeholders are replaced in body",
      text: requestText({ ...CALL, dynamic_data: '[{"url": "https://a.example", "body": {"who": «"{{customer_name}}"}, "response_data": []}]' }),
      findings: [
        {
          pointer: "/dynamic_data/0/body/who",
          messageId: "dynamicDataPlaceholder",
          data: { vName: "customer_name", BODY_PLACEHOLDERS: "{{from}}, {{to}}, {{short_from}}, {{short_to}}, {{call_id}}" },
        },
      ],
    },
  ],
});
