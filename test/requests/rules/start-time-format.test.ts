// Table test of start-time-format.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("start-time-format", checkText(), {
  valid: [
    { name: "seed 4.1: YYYY-MM-DD HH:MM:SS -HH:MM", text: requestText({ ...CALL, start_time: '"2026-12-01 09:30:00 -05:00"' }) },
    { name: "seed 4.1: offset optional (UTC)", text: requestText({ ...CALL, start_time: '"2026-12-01 09:30:00"' }) },
  ],
  invalid: [
    {
      name: "seed 4.1: ISO 8601 with a T",
      text: requestText({ ...CALL, start_time: '«"2026-12-01T09:30:00Z"' }),
      findings: [
        {
          pointer: "/start_time",
          messageId: "startTimeFormat",
          data: { value: '"2026-12-01T09:30:00Z"', detail: "; ISO 8601 with a T is not it: use a space and write the offset as -HH:MM" },
        },
      ],
    },
    {
      name: "seed 4.1: a date that does not exist",
      text: requestText({ ...CALL, start_time: '«"2026-02-30 09:30:00"' }),
      findings: [{ pointer: "/start_time" }],
    },
  ],
});
