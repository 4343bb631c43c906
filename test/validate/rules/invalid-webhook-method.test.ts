// Table test of invalid-webhook-method.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

const hook = (method: string) => `{"id": "w", "type": "Webhook", "data": {"name": "Hook", "url": "https://x.test"${method}}}`;

ruleTable("invalid-webhook-method", validateText, {
  valid: [
    {
      name: "a Webhook node that runs a saved tool (no url or method of its own)",
      text: pathwayText([
        START,
        `{"id": "w", "type": "Webhook", "data": {"name": "Hook", "tool": "TL-5a2d1c3e-0000-4000-8000-000000000001", "staticVars": {"k": "v"}}}`,
      ]),
    },
    { name: "POST", text: pathwayText([START, hook(', "method": "POST"')]) },
    { name: "lower-case get", text: pathwayText([START, hook(', "method": "get"')]) },
  ],
  invalid: [
    {
      name: "an unknown method",
      text: pathwayText([START, hook(', "method": «"FETCH"')]),
      findings: [
        {
          pointer: "/nodes/1/data/method",
          messageId: "invalidWebhookMethod",
          data: { node: '"Hook" (id w)', detail: 'method "FETCH"', WEBHOOK_METHODS: "GET, POST, PUT, PATCH, DELETE" },
        },
      ],
    },
    {
      name: "no method",
      text: pathwayText([START, `«${hook("")}`]),
      findings: [
        {
          pointer: "/nodes/1",
          messageId: "invalidWebhookMethod",
          data: { node: '"Hook" (id w)', detail: "no method", WEBHOOK_METHODS: "GET, POST, PUT, PATCH, DELETE" },
        },
      ],
    },
  ],
});
