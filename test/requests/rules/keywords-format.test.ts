// Table test of keywords-format.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, INBOUND, requestText } from "../../support/request-text.js";

ruleTable("keywords-format", checkText(), {
  valid: [{ name: "seed 2.6: a word and <word>:<factor>", text: requestText({ ...CALL, keywords: '["Acme", "Zyrtec:3", "New York:1.5"]' }) }],
  invalid: [
    {
      name: "seed 2.6: a factor that is not a number",
      text: requestText({ ...CALL, keywords: '["Acme", «"Zyrtec:high"]' }),
      findings: [{ pointer: "/keywords/1", messageId: "badFactor", data: { value: '"Zyrtec:high"', detail: 'the factor "high" is not a positive number' } }],
    },
    {
      name: "seed 4.2: an empty word on an inbound number",
      text: requestText({ ...INBOUND, keywords: '[«":2"]' }),
      findings: [{ pointer: "/keywords/0", messageId: "badFactor", data: { value: '":2"', detail: "the word is empty" } }],
    },
  ],
});
