// Table test of missing-node-id.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("missing-node-id", validateText, {
  valid: [
    { name: "nodes with ids", text: pathwayText([START]) },
    { name: "the globalConfig pseudo-entry, which has no id", text: pathwayText([START, `{"globalConfig": {"globalPrompt": "Be nice."}}`]) },
  ],
  invalid: [
    {
      name: "a node without id",
      text: pathwayText([START, `«{"type": "Default", "data": {"name": "Orphan", "text": "x"}}`]),
      findings: [{ pointer: "/nodes/1", messageId: "missingNodeId", data: { name: ' "Orphan"', index: 1, detail: "none" } }],
    },
    {
      name: "an empty or non-string id",
      text: pathwayText([START, `{"id": «"", "type": "Default", "data": {"text": "x"}}`, `{"id": «7, "type": "Default", "data": {"text": "x"}}`]),
      findings: [{ pointer: "/nodes/1/id" }, { pointer: "/nodes/2/id", messageId: "missingNodeId", data: { name: "", index: 2, detail: "found 7" } }],
    },
  ],
});
