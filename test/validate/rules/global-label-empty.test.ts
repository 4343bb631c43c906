// Table test of global-label-empty.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("global-label-empty", validateText, {
  valid: [
    {
      name: "a global node with a label",
      text: pathwayText([START, `{"id": "g", "type": "Default", "data": {"isGlobal": true, "globalLabel": "caller asks for a human", "text": "x"}}`]),
    },
    {
      name: "an empty label on a node that is not global",
      text: pathwayText([START, `{"id": "g", "type": "Default", "data": {"isGlobal": false, "globalLabel": "", "text": "x"}}`]),
    },
  ],
  invalid: [
    {
      name: "an empty label",
      text: pathwayText([START, `{"id": "g", "type": "Knowledge Base", "data": {"name": "KB", "isGlobal": true, "globalLabel": «"", "kb": "k"}}`]),
      findings: [{ pointer: "/nodes/1/data/globalLabel", messageId: "globalLabelEmpty", data: { node: '"KB" (id g)', detail: "an empty" } }],
    },
    {
      name: "no label at all",
      text: pathwayText([START, `{"id": "g", "type": "Default", "data": {"isGlobal": «true, "text": "x"}}`]),
      findings: [{ pointer: "/nodes/1/data/isGlobal", messageId: "globalLabelEmpty", data: { node: "id g", detail: "no" } }],
    },
  ],
});
