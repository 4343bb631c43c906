// The Webhook node type: an HTTP request whose answer fills variables and picks the way on.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "Webhook",
  aliases: [],
  documentedAs: "Webhook",
  summary:
    "Calls `url` (or a saved `tool`), stores parts of the answer in variables (`responseData`) and goes on by the first of its `responsePathways` the answer matches.",
  flow: { exit: null, movesOn: "response-routes", runs: "request" },
  templates: [
    { name: "url", path: ["url"], deep: false, source: "documented" },
    { name: "body", path: ["body"], deep: true, source: "documented; a JSON template string or an object" },
    { name: "headers", path: ["headers"], deep: true, source: "real files: `[[key, value], ...]`; `{{SECRET.x}}` is a stored secret" },
  ],
  builder: {
    name: "webhook",
    options: [
      ["url", "string"],
      ["method", "webhook-method"],
      ["body", "any"],
      ["headers", "any"],
      ["responseData", "response-data"],
      ["responsePathways", "response-pathways"],
    ],
    requires: [["url"], ["method"]],
  },
  diagram: { kind: "webhook" },
  call: { passedWithoutCaller: true },
});
