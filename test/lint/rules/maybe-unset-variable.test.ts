// Table test of maybe-unset-variable.
import { ruleTable } from "../../support/rule-table.js";
import { START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

const ASK = `{"id": "ask", "type": "Default", "data": {"name": "Ask", "text": "Time?", "extractVars": [["time", "string", "Appointment time"]]}}`;
const SKIP = `{"id": "skip", "type": "Default", "data": {"name": "Skip", "text": "OK."}}`;
const use = (mark = "") => `{"id": "end", "type": "End Call", "data": {"name": "Bye", "prompt": "See you at ${mark}{{time}}"}}`;

ruleTable("maybe-unset-variable", lintText, {
  valid: [
    { name: "a use every path reaches after the extraction", text: pathwayText([START, ASK, use()], [edge("e1", "start", "ask"), edge("e2", "ask", "end")]) },
    {
      name: "a use in a node nothing reaches (unreachable-node reports that)",
      text: pathwayText([START, ASK, use()], [edge("e1", "start", "ask"), edge("e2", "ask", "start", "again")]),
    },
  ],
  invalid: [
    {
      name: "a use one branch reaches without the extraction",
      text: pathwayText(
        [START, ASK, SKIP, use("«")],
        [edge("e1", "start", "ask"), edge("e2", "start", "skip", "skip"), edge("e3", "ask", "end"), edge("e4", "skip", "end")],
      ),
      findings: [
        {
          pointer: "/nodes/3/data/prompt",
          messageId: "maybeUnsetVariable",
          data: { useName: "time", use: 'the prompt of node "Bye" (id end)', useField: "prompt" },
        },
      ],
    },
  ],
});
