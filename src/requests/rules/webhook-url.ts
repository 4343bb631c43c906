// `webhook` (and a v2 batch's `status_webhook`) is an http or https URL (seed 4.1, 4.6; POST /v2/batches/create) the service can POST to.
import { at, isHttpUrl, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "webhook-url",
    description:
      "`webhook` is an absolute http or https URL (POST /v1/calls: webhook; POST /v1/inbound/purchase: webhook), as is a v2 batch's `status_webhook` (POST /v2/batches/create: status_webhook).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch", "inbound", "purchase", "batch-v2"],
    fields: ["webhook", "status_webhook"],
    messages: {
      webhookUrl: 'webhook {{url}} is not an http(s) URL; write an absolute URL such as "https://example.com/call-ended".',
      statusWebhookUrl:
        'status_webhook {{url}} is not an http(s) URL; write an absolute URL such as "https://example.com/batch-status" (POST /v2/batches/create: status_webhook).',
    },
  },
  check({ kind, body }, report) {
    const field = kind === "batch-v2" ? "status_webhook" : "webhook";
    const url = body[field];
    if (url === undefined || url === null) return;
    if (!isHttpUrl(url)) report({ pointer: at(field), messageId: field === "webhook" ? "webhookUrl" : "statusWebhookUrl", data: { url: show(url) } });
  },
});
