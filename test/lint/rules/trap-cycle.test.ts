// Table test of trap-cycle.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

const A = `{"id": "a", "type": "Default", "data": {"name": "Ask", "text": "x"}}`;
const B = `{"id": "b", "type": "Default", "data": {"name": "Confirm", "text": "y"}}`;

ruleTable("trap-cycle", lintText, {
  valid: [
    {
      name: "a loop with a way out to End Call",
      text: pathwayText([START, A, B, END], [edge("e1", "start", "a"), edge("e2", "a", "b"), edge("e3", "b", "a"), edge("e4", "b", "end")]),
    },
    { name: "a self-loop on a node that can also end", text: pathwayText([START, END], [edge("e1", "start", "start", "again"), edge("e2", "start", "end")]) },
  ],
  invalid: [
    {
      name: "two nodes that only lead to each other",
      text: pathwayText([START, `«${A}`, B, END], [edge("e1", "start", "a"), edge("e2", "a", "b"), edge("e3", "b", "a"), edge("e4", "start", "end")]),
      findings: [{ pointer: "/nodes/1", messageId: "nodesFormTrap", data: { nodes: '"Ask" (id a) and "Confirm" (id b)' } }],
    },
    {
      name: "a node that only loops back to itself",
      text: pathwayText([START, `«${A}`, END], [edge("e1", "start", "a"), edge("e2", "a", "a", "again"), edge("e3", "start", "end")]),
      findings: [{ pointer: "/nodes/1", messageId: "nodeLoopsToItself", data: { nodes: '"Ask" (id a)' } }],
    },
  ],
});
