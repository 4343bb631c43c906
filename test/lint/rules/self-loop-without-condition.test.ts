// Table test of self-loop-without-condition.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

ruleTable("self-loop-without-condition", lintText, {
  valid: [
    {
      name: "a labelled self-loop",
      text: pathwayText([START, END], [edge("e1", "start", "start", "caller needs more information"), edge("e2", "start", "end")]),
    },
    {
      name: "an unlabelled self-loop on a node with a condition",
      text: pathwayText(
        [`{"id": "start", "type": "Default", "data": {"isStart": true, "text": "x", "condition": "Get the caller's name"}}`, END],
        [`{"id": "e1", "source": "start", "target": "start"}`, edge("e2", "start", "end")],
      ),
    },
  ],
  invalid: [
    {
      name: "a self-loop with no label or condition",
      text: pathwayText([START, END], [`{"id": "e1", "source": "start", "target": "start", "label": «""}`, edge("e2", "start", "end")]),
      findings: [{ pointer: "/edges/0/label", messageId: "selfLoopWithoutCondition", data: { detail: 'node "Greeting" (id start)' } }],
    },
    {
      name: "a self-loop on an id no node has",
      text: pathwayText([START, END], [`{"id": "e1", "source": "ghost", "target": "ghost", "label": «""}`, edge("e2", "start", "end")]),
      findings: [{ pointer: "/edges/0/label", messageId: "selfLoopWithoutCondition", data: { detail: "node id ghost" } }],
    },
  ],
});
