// Table test of sms-missing-message.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

const sms = (data: string) => `{"id": "s", "type": "SMS", "data": {"name": "Text", "fromNumber": ""${data}}}`;

ruleTable("sms-missing-message", validateText, {
  valid: [
    { name: "a message (and an empty fromNumber, as real files have)", text: pathwayText([START, sms(', "message": "Here are the details, {{name}}."')]) },
    { name: "the smsBody spelling", text: pathwayText([START, sms(', "smsBody": "Hi"')]) },
  ],
  invalid: [
    {
      name: "no message at all",
      text: pathwayText([START, `«${sms("")}`]),
      findings: [{ pointer: "/nodes/1", messageId: "smsMissingMessage", data: { node: '"Text" (id s)' } }],
    },
    { name: "an empty message", text: pathwayText([START, sms(', "message": «""')]), findings: [{ pointer: "/nodes/1/data/message" }] },
  ],
});
