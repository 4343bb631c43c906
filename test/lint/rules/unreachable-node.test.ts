// Table test of unreachable-node.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

ruleTable("unreachable-node", lintText, {
  valid: [
    { name: "nodes reached by edges", text: pathwayText([START, END], [edge("e1", "start", "end")]) },
    {
      name: "a global node with no incoming edge",
      text: pathwayText(
        [START, END, `{"id": "g", "type": "Default", "data": {"isGlobal": true, "globalLabel": "help", "text": "x"}}`],
        [edge("e1", "start", "end")],
      ),
    },
    {
      name: "a node reached through a Route fallback",
      text: pathwayText([`{"id": "start", "type": "Route", "data": {"isStart": true, "routes": [], "fallbackNodeId": "end"}}`, END]),
    },
    { name: "a file without a start node (missing-start-node reports that)", text: pathwayText([END]) },
  ],
  invalid: [
    {
      name: "a node no edge leads to",
      text: pathwayText(
        [START, END, `«{"id": "lost", "type": "Default", "data": {"name": "Lost", "text": "x"}}`],
        [edge("e1", "start", "end"), edge("e2", "lost", "end")],
      ),
      findings: [{ pointer: "/nodes/2", messageId: "unreachableNode", data: { index: '"Lost" (id lost)', start: '"Greeting" (id start)' } }],
    },
    {
      name: "a pair of nodes that only point at each other",
      text: pathwayText(
        [START, END, `«{"id": "a", "type": "Default", "data": {"text": "x"}}`, `«{"id": "b", "type": "Default", "data": {"text": "y"}}`],
        [edge("e1", "start", "end"), edge("e2", "a", "b"), edge("e3", "b", "a")],
      ),
      findings: [
        { pointer: "/nodes/2", messageId: "unreachableNode", data: { index: "id a", start: '"Greeting" (id start)' } },
        { pointer: "/nodes/3", messageId: "unreachableNode", data: { index: "id b", start: '"Greeting" (id start)' } },
      ],
    },
  ],
});
