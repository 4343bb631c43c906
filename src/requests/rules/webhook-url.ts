// `webhook` is an http or https URL (seed 4.1, 4.6) the service can POST the call details to.
import { at, isHttpUrl, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "webhook-url",
    description: "`webhook` is an absolute http or https URL (POST /v1/calls: webhook; POST /v1/inbound/purchase: webhook).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch", "inbound", "purchase"],
    fields: ["webhook"],
    messages: {
      webhookUrl: "webhook {{url}} is not an http(s) URL; write an absolute URL such as \"https://example.com/call-ended\".",
    },
  },
  check({ body }, report) {
    const url = body.webhook;
    if (url === undefined || url === null) return;
    if (!isHttpUrl(url)) report({ pointer: at("webhook"), messageId: "webhookUrl", data: { url: show(url) } });
  },
});
