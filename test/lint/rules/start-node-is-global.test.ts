// Table test of start-node-is-global.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

ruleTable("start-node-is-global", lintText, {
  valid: [{ name: "a start node that is not global", text: pathwayText([START, END], [edge("e1", "start", "end")]) }],
  invalid: [
    {
      name: "a global start node",
      text: pathwayText(
        [`{"id": "start", "type": "Default", "data": {"name": "Hi", "isStart": true, "isGlobal": «true, "globalLabel": "hello", "text": "Hi"}}`, END],
        [edge("e1", "start", "end")],
      ),
      findings: [{ pointer: "/nodes/0/data/isGlobal", messageId: "startNodeIsGlobal", data: { node: '"Hi" (id start)' } }],
    },
  ],
});
