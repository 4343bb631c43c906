// Table test of retry-shape.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("retry-shape", checkText(), {
  valid: [
    {
      name: "seed 2.6: wait, voicemail_action, voicemail_message",
      text: requestText({ ...CALL, retry: '{"wait": 60, "voicemail_action": "leave_message", "voicemail_message": "Call us back"}' }),
    },
  ],
  invalid: [
    {
      name: "seed 2.6: wait not in whole seconds and an unknown action",
      text: requestText({ ...CALL, retry: '{"wait": «1.5, "voicemail_action": «"retry"}' }),
      findings: [
        { pointer: "/retry/wait" },
        {
          pointer: "/retry/voicemail_action",
          messageId: "badAction",
          data: { retryVoicemail_action: '"retry"', VOICEMAIL_ACTIONS: "hangup, leave_message, ignore" },
        },
      ],
    },
    { name: "seed 2.6: not an object", text: requestText({ ...CALL, retry: "«true" }), findings: [{ pointer: "/retry" }] },
  ],
});
