// Table test of global-never-returns.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

ruleTable("global-never-returns", lintText, {
  valid: [
    {
      name: "a global node with enableGlobalAutoReturn: true",
      text: pathwayText(
        [START, END, `{"id": "g", "type": "Default", "data": {"isGlobal": true, "globalLabel": "help", "enableGlobalAutoReturn": true, "text": "x"}}`],
        [edge("e1", "start", "end")],
      ),
    },
    {
      name: "a global node with no edge and no flag (returns, as the vendor's sample says)",
      text: pathwayText(
        [START, END, `{"id": "g", "type": "Default", "data": {"isGlobal": true, "globalLabel": "help", "text": "x"}}`],
        [edge("e1", "start", "end")],
      ),
    },
    {
      name: "a global node told not to return that has its own way on",
      text: pathwayText(
        [START, END, `{"id": "g", "type": "Default", "data": {"isGlobal": true, "globalLabel": "bye", "enableGlobalAutoReturn": false, "text": "x"}}`],
        [edge("e1", "start", "end"), edge("e2", "g", "end")],
      ),
    },
    {
      name: "a global End Call node told not to return",
      text: pathwayText(
        [START, END, `{"id": "g", "type": "End Call", "data": {"isGlobal": true, "globalLabel": "bye", "enableGlobalAutoReturn": false, "text": "x"}}`],
        [edge("e1", "start", "end")],
      ),
    },
  ],
  invalid: [
    {
      name: "a global node with enableGlobalAutoReturn: false and no way on",
      text: pathwayText(
        [
          START,
          END,
          `«{"id": "g", "type": "Knowledge Base", "data": {"name": "KB", "isGlobal": true, "globalLabel": "facts", "enableGlobalAutoReturn": false, "kb": "k"}}`,
        ],
        [edge("e1", "start", "end")],
      ),
      findings: [{ pointer: "/nodes/2", messageId: "globalNeverReturns", data: { index: '"KB" (id g)' } }],
    },
  ],
});
