// Table test of voicemail-action.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("voicemail-action", checkText(), {
  valid: [{ name: "seed 4.1: leave_message", text: requestText({ ...CALL, voicemail_action: '"leave_message"' }) }],
  invalid: [
    {
      name: "seed 4.1: an action outside hangup, leave_message, ignore",
      text: requestText({ ...CALL, voicemail_action: '«"leave-message"' }),
      findings: [
        {
          pointer: "/voicemail_action",
          messageId: "voicemailAction",
          data: { value: '"leave-message"', detail: 'did you mean "leave_message"? ', VOICEMAIL_ACTIONS: "hangup, leave_message, ignore" },
        },
      ],
    },
  ],
});
