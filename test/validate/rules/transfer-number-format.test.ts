// Table test of transfer-number-format.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

const transfer = (type: string, number: string) => `{"id": "t", "type": "${type}", "data": {"name": "Human", "transferNumber": ${number}}}`;

ruleTable("transfer-number-format", validateText, {
  valid: [
    { name: "an E.164 number on Transfer Call", text: pathwayText([START, transfer("Transfer Call", '"+15550000000"')]) },
    { name: "a {{variable}} on Transfer Node", text: pathwayText([START, transfer("Transfer Node", '"{{ manager_phone }}"')]) },
  ],
  invalid: [
    {
      name: "a number with dashes and no country code",
      text: pathwayText([START, transfer("Transfer Call", '«"555-123-4567"')]),
      findings: [{ pointer: "/nodes/1/data/transferNumber", messageId: "notE164", data: { node: '"Human" (id t)', number: '"555-123-4567"' } }],
    },
    {
      name: "a missing number",
      text: pathwayText([START, `«{"id": "t", "type": "Transfer Node", "data": {"name": "Human"}}`]),
      findings: [{ pointer: "/nodes/1", messageId: "noTransferNumber", data: { node: '"Human" (id t)' } }],
    },
    {
      name: "a country code without plus",
      text: pathwayText([START, transfer("Transfer Call", '«"15550000000"')]),
      findings: [{ pointer: "/nodes/1/data/transferNumber" }],
    },
  ],
});
