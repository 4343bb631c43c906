// Table test of webhook-url.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH_V2, CALL, checkText, PURCHASE, requestText } from "../../support/request-text.js";

ruleTable("webhook-url", checkText(), {
  valid: [{ name: "seed 4.1: an https URL", text: requestText({ ...CALL, webhook: '"https://example.com/hook"' }) }],
  invalid: [
    { name: "seed 4.1: not a URL", text: requestText({ ...CALL, webhook: '«"example.com/hook"' }), findings: [{ pointer: "/webhook" }] },
    {
      name: "seed 4.6: a purchase webhook that is ftp",
      text: requestText({ ...PURCHASE, webhook: '«"ftp://example.com"' }),
      findings: [{ pointer: "/webhook", messageId: "webhookUrl", data: { url: '"ftp://example.com"' } }],
    },
    {
      name: "POST /v2/batches/create: a status_webhook without a scheme",
      text: requestText({ ...BATCH_V2, status_webhook: '«"example.com/batch"' }),
      findings: [{ pointer: "/status_webhook", messageId: "statusWebhookUrl", data: { url: '"example.com/batch"' } }],
    },
    {
      name: "POST /v2/batches/create: a call object's webhook, checked as a call's",
      text: requestText({ ...BATCH_V2, call_objects: '[{"phone_number": "+14155550123", "webhook": «"hook"}]' }),
      findings: [{ pointer: "/call_objects/0/webhook", messageId: "webhookUrl", data: { url: '"hook"' } }],
    },
  ],
});
