// `voicemail_action` is one of the values seed 4.1 lists.
import { VOICEMAIL_ACTIONS } from "../models.js";
import { at, closestName, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "voicemail-action",
    description: "`voicemail_action` is hangup, leave_message or ignore (seed 4.1, 2.6).",
    defaultSeverity: "error",
    kinds: ["call", "batch"],
    fields: ["voicemail_action"],
  },
  check({ body }, report) {
    const value = body.voicemail_action;
    if (value === undefined) return;
    if (typeof value === "string" && (VOICEMAIL_ACTIONS as readonly string[]).includes(value)) return;
    const near = typeof value === "string" ? closestName(value, VOICEMAIL_ACTIONS) : undefined;
    report({ pointer: at("voicemail_action"), message: `voicemail_action is ${show(value)}; ${near ? `did you mean "${near}"? ` : ""}use one of ${VOICEMAIL_ACTIONS.join(", ")} (seed 4.1).` });
  },
});
