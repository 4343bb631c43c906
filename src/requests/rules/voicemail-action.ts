// `voicemail_action` is one of the values seed 4.1 lists.
import { VOICEMAIL_ACTIONS } from "../models.js";
import { at, closestName, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "voicemail-action",
    description: "`voicemail_action` is hangup, leave_message or ignore (POST /v1/calls: voicemail_action).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch"],
    fields: ["voicemail_action"],
    messages: {
      voicemailAction: "voicemail_action is {{value}}; {{detail}}use one of {{VOICEMAIL_ACTIONS}} (POST /v1/calls: voicemail_action).",
    },
  },
  check({ body }, report) {
    const value = body.voicemail_action;
    if (value === undefined) return;
    if (typeof value === "string" && (VOICEMAIL_ACTIONS as readonly string[]).includes(value)) return;
    const near = typeof value === "string" ? closestName(value, VOICEMAIL_ACTIONS) : undefined;
    report({
      pointer: at("voicemail_action"),
      messageId: "voicemailAction",
      data: { value: show(value), detail: near ? `did you mean "${near}"? ` : "", VOICEMAIL_ACTIONS: VOICEMAIL_ACTIONS.join(", ") },
    });
  },
});
