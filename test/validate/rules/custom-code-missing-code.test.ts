// Table test of custom-code-missing-code.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

const code = (data: string) => `{"id": "c", "type": "Custom Code", "data": {"name": "Code"${data}}}`;

ruleTable("custom-code-missing-code", validateText, {
  valid: [
    { name: "inline code", text: pathwayText([START, code(', "code": "export default { fetch() { return Response.json({}) } }"')]) },
    { name: "a saved snippet", text: pathwayText([START, code(', "snippet_id": "b03813cf-0005-4a8a-852b-2de4f7703e43", "snippet_version": 2')]) },
  ],
  invalid: [
    {
      name: "a stub with only a name",
      text: pathwayText([START, `«${code("")}`]),
      findings: [{ pointer: "/nodes/1", messageId: "customCodeMissingCode", data: { node: '"Code" (id c)' } }],
    },
    { name: "empty code", text: pathwayText([START, code(', "code": «"  "')]), findings: [{ pointer: "/nodes/1/data/code" }] },
  ],
});
