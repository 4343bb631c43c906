// Table test of webhook-events.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("webhook-events", checkText(), {
  valid: [
    {
      name: "seed 4.1: call and tool events with a webhook",
      text: requestText({ ...CALL, webhook: '"https://example.com/h"', webhook_events: '["call", "tool"]' }),
    },
  ],
  invalid: [
    {
      name: "seed part 6: an unknown category",
      text: requestText({ ...CALL, webhook: '"https://example.com/h"', webhook_events: '[«"calls"]' }),
      findings: [
        {
          pointer: "/webhook_events/0",
          messageId: "unknownEvent",
          data: { value: '"calls"', detail: 'did you mean "call"? ', WEBHOOK_EVENTS: "queue, call, latency, webhook, tool, dynamic_data" },
        },
      ],
    },
    {
      name: "seed 4.1: events without a webhook to stream to",
      text: requestText({ ...CALL, webhook_events: '«["call"]' }),
      findings: [{ pointer: "/webhook_events", messageId: "noWebhook" }],
    },
  ],
});
