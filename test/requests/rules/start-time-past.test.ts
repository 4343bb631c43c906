// Table test of start-time-past.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("start-time-past", checkText(), {
  valid: [{ name: "seed 4.1: a future start_time is scheduled", text: requestText({ ...CALL, start_time: '"2026-12-01 09:30:00 -05:00"' }) }],
  invalid: [
    {
      name: "seed 4.1: a past start_time is sent immediately",
      text: requestText({ ...CALL, start_time: '«"2026-05-31 23:00:00 +02:00"' }),
      findings: [{ pointer: "/start_time", messageId: "startTimePast", data: { bodyStart_time: "2026-05-31 23:00:00 +02:00" } }],
    },
  ],
});
