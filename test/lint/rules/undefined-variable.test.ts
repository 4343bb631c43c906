// Table test of undefined-variable.
import { ruleTable } from "../../support/rule-table.js";
import { END, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText, lintWith } from "../support.js";

const start = (prompt: string, extra = "") => `{"id": "start", "type": "Default", "data": {"name": "Greeting", "isStart": true, ${extra}"prompt": ${prompt}}}`;

ruleTable("undefined-variable", lintText, {
  valid: [
    { name: "system variables", text: pathwayText([start(`"It is {{now}}; you called from {{ from }} ({{input.city}})."`), END], [edge("e1", "start", "end")]) },
    {
      name: "a variable extracted earlier",
      text: pathwayText(
        [start(`"Ask the name."`, `"extractVars": [["name", "string", "The caller's name"]], `), `{"id": "end", "type": "End Call", "data": {"prompt": "Bye {{name}}"}}`],
        [edge("e1", "start", "end")],
      ),
    },
  ],
  invalid: [
    {
      name: "a variable nothing sets",
      text: pathwayText([`{"id": "start", "type": "Default", "data": {"name": "Greeting", "isStart": true, "prompt": «"Book for {{appointment_time}}"}}`, END], [edge("e1", "start", "end")]),
      findings: [{ pointer: "/nodes/0/data/prompt", message: /\{\{appointment_time\}\} in the prompt of node "Greeting" \(id start\) is never defined/ }],
    },
    {
      name: "a variable in a webhook body",
      text: pathwayText(
        [
          `{"id": "start", "type": "Webhook", "data": {"name": "Send", "isStart": true, "url": "https://x.example.com", "method": "POST", "body": {"id": «"{{order_id}}"}}}`,
          END,
        ],
        [edge("e1", "start", "end")],
      ),
      findings: [{ pointer: "/nodes/0/data/body/id", message: /in the body of node "Send"/ }],
    },
  ],
});

ruleTable("undefined-variable", lintWith({ requestData: ["customer"], systemVariables: ["tenant"] }), {
  valid: [{ name: "request_data and extra system variables from the config", text: pathwayText([start(`"Hi {{customer}} from {{tenant}}"`), END], [edge("e1", "start", "end")]) }],
  invalid: [],
});
