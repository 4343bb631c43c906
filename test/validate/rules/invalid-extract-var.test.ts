// Table test of invalid-extract-var.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

const vars = (list: string) => `{"id": "v", "type": "Default", "data": {"name": "Ask", "text": "x", "extractVars": ${list}}}`;

ruleTable("invalid-extract-var", validateText, {
  valid: [
    {
      name: "3-tuples of the known types",
      text: pathwayText([START, vars('[["age", "integer", "Age"], ["ok", "boolean", "Agreed"], ["name", "string", "Name"]]')]),
    },
    { name: "tuples longer than three (real files)", text: pathwayText([START, vars('[["age", "integer", "Age", true, "extra", 3]]')]) },
    // The service's own exports name a variable bland-prompt: not an error (hyphenated-variable-name says what is not documented).
    { name: "a hyphenated name, as the service's own exports write one", text: pathwayText([START, vars('[["bland-prompt", "string", "The prompt"]]')]) },
  ],
  invalid: [
    {
      name: "an unknown type, a bad name, a blank description",
      text: pathwayText([START, vars('[["a", «"type1", "d"], [«"first name", "string", "d"], ["b", "string", «""], [«"-lead", "string", "d"]]')]),
      findings: [
        {
          pointer: "/nodes/1/data/extractVars/0/1",
          messageId: "badType",
          data: { name: '"a"', where: 'node "Ask" (id v)', type: '"type1"', EXTRACT_VAR_TYPES: "string, integer, boolean" },
        },
        { pointer: "/nodes/1/data/extractVars/1/0", messageId: "badName", data: { name: '"first name"', where: 'node "Ask" (id v)' } },
        { pointer: "/nodes/1/data/extractVars/2/2", messageId: "noDescription", data: { name: '"b"', where: 'node "Ask" (id v)' } },
        { pointer: "/nodes/1/data/extractVars/3/0", messageId: "badName", data: { name: '"-lead"', where: 'node "Ask" (id v)' } },
      ],
    },
    {
      name: "a name extracted twice",
      text: pathwayText([START, vars('[["a", "string", "d"], [«"a", "string", "again"]]')]),
      findings: [{ pointer: "/nodes/1/data/extractVars/1/0", messageId: "duplicateName", data: { name: "a", where: 'node "Ask" (id v)' } }],
    },
    {
      name: "a short tuple and a non-array",
      text: pathwayText([START, vars('[«["a", "string"]]'), `{"id": "w", "type": "Default", "data": {"text": "x", "extractVars": «"age"}}`]),
      findings: [{ pointer: "/nodes/1/data/extractVars/0" }, { pointer: "/nodes/2/data/extractVars", messageId: "notArray", data: { where: "node id w" } }],
    },
  ],
});
