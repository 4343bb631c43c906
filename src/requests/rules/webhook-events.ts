// `webhook_events` names the categories seed 4.1 and part 6 list, streamed to the webhook.
import { WEBHOOK_EVENTS } from "../models.js";
import { at, closestName, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "webhook-events",
    description: `\`webhook_events\` is a list of ${WEBHOOK_EVENTS.join(", ")} (POST /v1/calls: webhook_events), sent to a \`webhook\` that is set.`,
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch"],
    fields: ["webhook_events"],
    messages: {
      notList: 'webhook_events is {{events}}; write a list such as ["call", "tool"].',
      unknownEvent: "webhook_events has {{value}}; {{detail}}use {{WEBHOOK_EVENTS}}.",
      noWebhook: 'webhook_events are streamed to the webhook, but there is no webhook; add "webhook": "https://..." or remove webhook_events.',
    },
  },
  check({ body }, report) {
    const events = body.webhook_events;
    if (events === undefined) return;
    if (!Array.isArray(events)) {
      report({ pointer: at("webhook_events"), messageId: "notList", data: { events: show(events) } });
      return;
    }
    events.forEach((e, i) => {
      if (typeof e === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(e)) return;
      const near = typeof e === "string" ? closestName(e, WEBHOOK_EVENTS) : undefined;
      report({
        pointer: at("webhook_events", i),
        messageId: "unknownEvent",
        data: { value: show(e), detail: near ? `did you mean "${near}"? ` : "", WEBHOOK_EVENTS: WEBHOOK_EVENTS.join(", ") },
      });
    });
    if (events.length > 0 && (typeof body.webhook !== "string" || body.webhook === "")) {
      report({ pointer: at("webhook_events"), messageId: "noWebhook" });
    }
  },
});
