// Table test of dead-end.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

ruleTable("dead-end", lintText, {
  valid: [
    { name: "a conversation that ends in End Call", text: pathwayText([START, END], [edge("e1", "start", "end")]) },
    {
      name: "a transfer with no way out",
      text: pathwayText([START, `{"id": "t", "type": "Transfer Call", "data": {"transferNumber": "+15551234567", "text": "x"}}`], [edge("e1", "start", "t")]),
    },
    {
      name: "a global node that returns on its own",
      text: pathwayText(
        [START, END, `{"id": "g", "type": "Default", "data": {"isGlobal": true, "globalLabel": "help", "enableGlobalAutoReturn": true, "text": "x"}}`],
        [edge("e1", "start", "end")],
      ),
    },
    {
      name: "a global node written as the vendor's sample writes it: no edge and no enableGlobalAutoReturn (it returns)",
      text: pathwayText(
        [START, END, `{"id": "g", "type": "Knowledge Base", "data": {"name": "KB", "isGlobal": true, "globalLabel": "facts", "kb": "k"}}`],
        [edge("e1", "start", "end")],
      ),
    },
    {
      name: "a global node told not to return (global-never-returns reports it, at warning level)",
      text: pathwayText(
        [START, END, `{"id": "g", "type": "Default", "data": {"isGlobal": true, "globalLabel": "x", "enableGlobalAutoReturn": false, "text": "x"}}`],
        [edge("e1", "start", "end")],
      ),
    },
    {
      name: "a Press Button node whose targetNodeAfterPress is its way on",
      text: pathwayText(
        [START, END, `{"id": "p", "type": "Press Button", "data": {"digit": "1", "targetNodeAfterPress": {"id": "end", "name": "End"}}}`],
        [edge("e1", "start", "p")],
      ),
    },
    {
      name: "a dead end no call can reach (unreachable-node reports it, once)",
      text: pathwayText([START, END, `{"id": "orphan", "type": "Default", "data": {"name": "Orphan", "text": "x"}}`], [edge("e1", "start", "end")]),
    },
  ],
  invalid: [
    {
      name: "a Default node with no edge out",
      text: pathwayText(
        [START, END, `«{"id": "stuck", "type": "Default", "data": {"name": "Stuck", "text": "x"}}`],
        [edge("e1", "start", "end"), edge("e2", "start", "stuck")],
      ),
      findings: [{ pointer: "/nodes/2", messageId: "deadEnd", data: { index: '"Stuck" (id stuck)' } }],
    },
    {
      name: "a node whose only edge points at a missing node",
      text: pathwayText(
        [START, END, `«{"id": "s", "type": "Default", "data": {"text": "x"}}`],
        [edge("e1", "start", "end"), edge("e2", "start", "s"), edge("e3", "s", "ghost")],
      ),
      findings: [{ pointer: "/nodes/2" }],
    },
    {
      name: "a dead end in a pathway without a start node (unreachable-node is silent then, so nothing is left unsaid)",
      text: pathwayText(
        [`{"id": "a", "type": "Default", "data": {"text": "x"}}`, `«{"id": "b", "type": "Default", "data": {"text": "y"}}`],
        [edge("e1", "a", "b")],
      ),
      findings: [{ pointer: "/nodes/1" }],
    },
  ],
});
