// Table test of duplicate-edge-id.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("duplicate-edge-id", validateText, {
  valid: [{ name: "unique edge ids", text: pathwayText([START, END], [edge("e1", "start", "end"), edge("e2", "start", "end", "other")]) }],
  invalid: [
    {
      name: "two edges with one id",
      text: pathwayText([START, END], [edge("e1", "start", "end"), `{"id": «"e1", "source": "start", "target": "end", "label": "again"}`]),
      findings: [{ pointer: "/edges/1/id", message: /"e1" is already used by edges\[0\]/ }],
    },
  ],
});
