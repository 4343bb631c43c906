// Table test of missing-text-or-prompt.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("missing-text-or-prompt", validateText, {
  valid: [
    { name: "static text", text: pathwayText([START]) },
    { name: "a dynamic prompt on End Call", text: pathwayText([START, `{"id": "e", "type": "End Call", "data": {"prompt": "Say bye"}}`]) },
    { name: "other types need neither", text: pathwayText([START, `{"id": "w", "type": "Wait for Response", "data": {}}`]) },
  ],
  invalid: [
    {
      name: "a Default node with neither",
      text: pathwayText([START, `{"id": "d", "type": "Default", "data": «{"name": "Mute"}}`]),
      findings: [{ pointer: "/nodes/1/data", messageId: "missingTextOrPrompt", data: { nodeType: "Default", node: '"Mute" (id d)' } }],
    },
    {
      name: "an End Call node with blank text",
      text: pathwayText([START, `{"id": "e", "type": "End Call", "data": {"text": «"   "}}`]),
      findings: [{ pointer: "/nodes/1/data/text" }],
    },
    {
      name: "a node with no data at all",
      text: pathwayText([START, `«{"id": "e", "type": "End Call"}`]),
      findings: [{ pointer: "/nodes/1" }],
    },
  ],
});
