// Table test of press-button-missing-digits.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

const button = (data: string) => `{"id": "b", "type": "Press Button", "data": {"name": "Keys"${data}}}`;

ruleTable("press-button-missing-digits", validateText, {
  valid: [
    { name: "a sequence from a variable", text: pathwayText([START, button(', "sequence": "{{provider_tin}}"')]) },
    { name: "a single digit", text: pathwayText([START, button(', "digit": "0"')]) },
    { name: "a digit prompt", text: pathwayText([START, button(', "digitPrompt": "Enter the member id: {{member_id}}"')]) },
  ],
  invalid: [
    {
      name: "a stub with only a name",
      text: pathwayText([START, `«${button("")}`]),
      findings: [{ pointer: "/nodes/1", messageId: "pressButtonMissingDigits", data: { node: '"Keys" (id b)' } }],
    },
    { name: "an empty sequence", text: pathwayText([START, button(', "sequence": «" "')]), findings: [{ pointer: "/nodes/1/data/sequence" }] },
  ],
});
