// `retry` is {wait, voicemail_action, voicemail_message} (seed 2.6): wait in whole seconds, the action from the enum.
import { isObject } from "../../model/pathway.js";
import { VOICEMAIL_ACTIONS } from "../models.js";
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "retry-shape",
    description:
      "`retry` is an object with `wait` (whole seconds), `voicemail_action` (hangup, leave_message, ignore) and `voicemail_message` (POST /v1/calls: retry).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch"],
    fields: ["retry"],
    messages: {
      notObject:
        'retry is {{retry}}; write an object such as {"wait": 60, "voicemail_action": "leave_message", "voicemail_message": "..."} (POST /v1/calls: retry).',
      badWait: "retry.wait is {{retryWait}}; write the seconds to wait before retrying as a whole number.",
      badAction: "retry.voicemail_action is {{retryVoicemail_action}}; use one of {{VOICEMAIL_ACTIONS}}.",
      badMessage: "retry.voicemail_message is {{retryVoicemail_message}}; write the message as a string.",
    },
  },
  check({ body }, report) {
    const retry = body.retry;
    if (retry === undefined) return;
    if (!isObject(retry)) {
      report({ pointer: at("retry"), messageId: "notObject", data: { retry: show(retry) } });
      return;
    }
    if (retry.wait !== undefined && !(Number.isInteger(retry.wait) && (retry.wait as number) >= 0))
      report({ pointer: at("retry", "wait"), messageId: "badWait", data: { retryWait: show(retry.wait) } });
    if (retry.voicemail_action !== undefined && !(VOICEMAIL_ACTIONS as readonly unknown[]).includes(retry.voicemail_action)) {
      report({
        pointer: at("retry", "voicemail_action"),
        messageId: "badAction",
        data: { retryVoicemail_action: show(retry.voicemail_action), VOICEMAIL_ACTIONS: VOICEMAIL_ACTIONS.join(", ") },
      });
    }
    if (retry.voicemail_message !== undefined && typeof retry.voicemail_message !== "string")
      report({ pointer: at("retry", "voicemail_message"), messageId: "badMessage", data: { retryVoicemail_message: show(retry.voicemail_message) } });
  },
});
