// Table test of missing-start-node.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("missing-start-node", validateText, {
  valid: [
    { name: "a pathway with one start node", text: pathwayText([START, END], [edge("e1", "start", "end")]) },
    { name: "an empty nodes array (nothing to start)", text: pathwayText([]) },
  ],
  invalid: [
    {
      name: "nodes without isStart",
      text: `{"nodes": «[\n${END}\n]}`,
      findings: [{ pointer: "/nodes", messageId: "missingStartNode" }],
    },
    {
      name: "isStart false everywhere",
      text: `{"nodes": «[\n{"id": "a", "type": "Default", "data": {"isStart": false, "text": "x"}}\n]}`,
      findings: [{ pointer: "/nodes" }],
    },
  ],
});
