// Table test of pronunciation-guide.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("pronunciation-guide", checkText(), {
  valid: [
    {
      name: "seed 2.6: word, pronunciation, case_sensitive, spaced",
      text: requestText({ ...CALL, pronunciation_guide: '[{"word": "Acme", "pronunciation": "ack-me", "case_sensitive": true, "spaced": false}]' }),
    },
  ],
  invalid: [
    {
      name: "seed 2.6: an item without pronunciation",
      text: requestText({ ...CALL, pronunciation_guide: '[«{"word": "Acme"}]' }),
      findings: [{ pointer: "/pronunciation_guide/0", messageId: "emptyText", data: { index: 0, detail: 'has no "pronunciation"' } }],
    },
    {
      name: "seed 2.6: spaced is a boolean",
      text: requestText({ ...CALL, pronunciation_guide: '[{"word": "Acme", "pronunciation": "ack-me", "spaced": «"yes"}]' }),
      findings: [{ pointer: "/pronunciation_guide/0/spaced" }],
    },
  ],
});
