// Table test of unused-extracted-variable.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

const ask = (name: string, mark = "") =>
  `{"id": "ask", "type": "Default", "data": {"name": "Ask", "text": "?", "extractVars": [[${mark}"${name}", "string", "d"]]}}`;

ruleTable("unused-extracted-variable", lintText, {
  valid: [
    {
      name: "a variable used in a prompt",
      text: pathwayText(
        [START, ask("name"), `{"id": "end", "type": "End Call", "data": {"prompt": "Bye {{ name }}"}}`],
        [edge("e1", "start", "ask"), edge("e2", "ask", "end")],
      ),
    },
    {
      name: "a variable a Route condition reads",
      text: pathwayText(
        [
          START,
          ask("age"),
          `{"id": "r", "type": "Route", "data": {"routes": [{"conditions": [{"field": "age", "operator": ">", "value": 18}], "targetNodeId": "end"}], "fallbackNodeId": "end"}}`,
          END,
        ],
        [edge("e1", "start", "ask"), edge("e2", "ask", "r")],
      ),
    },
  ],
  invalid: [
    {
      name: "a variable nothing uses",
      text: pathwayText([START, ask("colour", "«"), END], [edge("e1", "start", "ask"), edge("e2", "ask", "end")]),
      findings: [{ pointer: "/nodes/1/data/extractVars/0/0", messageId: "unusedExtractedVariable", data: { dName: "colour", graphIndexOf: '"Ask" (id ask)' } }],
    },
  ],
});
