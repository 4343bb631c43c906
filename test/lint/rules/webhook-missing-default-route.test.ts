// Table test of webhook-missing-default-route.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

const hook = (routes: string, mark = "") =>
  `{"id": "w", "type": "Webhook", "data": {"name": "Book", "url": "https://x.example.com", "method": "POST", "responsePathways": ${mark}${routes}}}`;

ruleTable("webhook-missing-default-route", lintText, {
  valid: [
    {
      name: "a default response route",
      text: pathwayText([START, hook(`[["Default/Webhook Completion", "", "", {"id": "end", "name": "Bye"}]]`), END], [edge("e1", "start", "w")]),
    },
    {
      name: "an outgoing edge as the default",
      text: pathwayText([START, hook(`[["BlandStatusCode", "==", "200", {"id": "end"}]]`), END], [edge("e1", "start", "w"), edge("e2", "w", "end", "done")]),
    },
  ],
  invalid: [
    {
      name: "only conditional response routes",
      text: pathwayText([START, hook(`[["BlandStatusCode", "==", "200", {"id": "end", "name": "Bye"}]]`, "«"), END], [edge("e1", "start", "w")]),
      findings: [{ pointer: "/nodes/1/data/responsePathways", messageId: "webhookMissingDefaultRoute", data: { node: '"Book" (id w)' } }],
    },
    {
      name: "no response routes and no edge",
      text: pathwayText(
        [START, `«{"id": "w", "type": "Webhook", "data": {"name": "Book", "url": "https://x.example.com", "method": "POST"}}`, END],
        [edge("e1", "start", "w"), edge("e2", "start", "end")],
      ),
      findings: [{ pointer: "/nodes/1" }],
    },
  ],
});
