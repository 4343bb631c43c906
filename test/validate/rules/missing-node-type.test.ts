// Table test of missing-node-type.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("missing-node-type", validateText, {
  valid: [{ name: "nodes with types", text: pathwayText([START]) }],
  invalid: [
    {
      name: "a node without type",
      text: pathwayText([START, `«{"id": "x", "data": {"name": "Typeless", "text": "x"}}`]),
      findings: [{ pointer: "/nodes/1", messageId: "missingNodeType", data: { who: 'Node "Typeless" (id x)' } }],
    },
    {
      name: "a node whose type is not a string",
      text: pathwayText([START, `{"id": "x", "type": «null, "data": {"text": "x"}}`]),
      findings: [{ pointer: "/nodes/1/type" }],
    },
  ],
});
