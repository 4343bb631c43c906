// Table test of webhook-url.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, CALL, checkText, INBOUND, PURCHASE, requestText } from "../../support/request-text.js";

ruleTable("webhook-url", checkText(), {
  valid: [{ name: "seed 4.1: an https URL", text: requestText({ ...CALL, webhook: "\"https://example.com/hook\"" }) }],
  invalid: [
    { name: "seed 4.1: not a URL", text: requestText({ ...CALL, webhook: "«\"example.com/hook\"" }), findings: [{ pointer: "/webhook" }] },
    { name: "seed 4.6: a purchase webhook that is ftp", text: requestText({ ...PURCHASE, webhook: "«\"ftp://example.com\"" }), findings: [{ pointer: "/webhook", messageId: "webhookUrl", data: { url: "\"ftp://example.com\"" } }] },
  ],
});
