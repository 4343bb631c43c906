// Table test of missing-kb.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("missing-kb", validateText, {
  valid: [
    {
      name: "a knowledge base with text",
      text: pathwayText([START, `{"id": "k", "type": "Knowledge Base", "data": {"kb": "Open 9-5.", "prompt": "Answer"}}`]),
    },
  ],
  invalid: [
    {
      name: "a Knowledge Base node without kb",
      text: pathwayText([START, `«{"id": "k", "type": "Knowledge Base", "data": {"name": "FAQ", "prompt": "Answer"}}`]),
      findings: [{ pointer: "/nodes/1", messageId: "missingKb", data: { node: '"FAQ" (id k)' } }],
    },
    {
      name: "an empty kb",
      text: pathwayText([START, `{"id": "k", "type": "Knowledge Base", "data": {"kb": «""}}`]),
      findings: [{ pointer: "/nodes/1/data/kb" }],
    },
  ],
});
