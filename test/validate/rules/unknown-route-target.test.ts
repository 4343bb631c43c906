// Table test of unknown-route-target.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, pathwayText, validateText } from "../../support/pathway-text.js";

const route = (target: string, fallback: string) =>
  `{"id": "r", "type": "Route", "data": {"name": "Router", "routes": [{"conditions": [{"field": "x", "operator": "is", "value": "1"}], "targetNodeId": ${target}}], "fallbackNodeId": ${fallback}}}`;
const webhook = (target: string) =>
  `{"id": "w", "type": "Webhook", "data": {"name": "Hook", "url": "https://x.test", "method": "POST", "responsePathways": [["Default/Webhook Completion", "", "", {"id": ${target}, "name": "End"}]]}}`;

const press = (id: string) =>
  `{"id": "b", "type": "Press Button", "data": {"name": "Keys", "sequence": "1", "goToNextNode": true, "targetNodeAfterPress": {"id": ${id}, "name": "Next"}}}`;

ruleTable("unknown-route-target", validateText, {
  valid: [
    { name: "routes to existing nodes, null fallback", text: pathwayText([START, END, route('"end"', "null")]) },
    { name: "a webhook response route to an existing node", text: pathwayText([START, END, webhook('"end"')]) },
    { name: "a Press Button target that exists", text: pathwayText([START, END, press('"end"')]) },
  ],
  invalid: [
    {
      name: "a route and a fallback to missing nodes",
      text: pathwayText([START, END, route('«"nope"', '«"gone"')]),
      findings: [
        {
          pointer: "/nodes/2/data/routes/0/targetNodeId",
          messageId: "unknownRouteTarget",
          data: { what: "Route 1", node: '"Router" (id r)', target: '"nope"' },
        },
        {
          pointer: "/nodes/2/data/fallbackNodeId",
          messageId: "unknownRouteTarget",
          data: { what: "The fallback route", node: '"Router" (id r)', target: '"gone"' },
        },
      ],
    },
    {
      name: "a webhook response route to a missing node",
      text: pathwayText([START, END, webhook('«"missing"')]),
      findings: [
        {
          pointer: "/nodes/2/data/responsePathways/0/3/id",
          messageId: "unknownRouteTarget",
          data: { what: "Webhook response route 1", node: '"Hook" (id w)', target: '"missing"' },
        },
      ],
    },
    {
      name: "a Press Button target after the press that does not exist",
      text: pathwayText([START, END, press('«"CONFIRM"')]),
      findings: [
        {
          pointer: "/nodes/2/data/targetNodeAfterPress/id",
          messageId: "unknownRouteTarget",
          data: { what: "The target after the press", node: '"Keys" (id b)', target: '"CONFIRM"' },
        },
      ],
    },
  ],
});
