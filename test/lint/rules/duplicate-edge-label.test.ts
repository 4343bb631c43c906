// Table test of duplicate-edge-label.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

const B = `{"id": "b", "type": "Default", "data": {"text": "b"}}`;

ruleTable("duplicate-edge-label", lintText, {
  valid: [
    {
      name: "different labels out of one node",
      text: pathwayText([START, B, END], [`{"id": "e1", "source": "start", "target": "b", "label": "wants b"}`, `{"id": "e2", "source": "start", "target": "end", "label": "wants to end"}`, `{"id": "e3", "source": "b", "target": "end", "label": "wants b"}`]),
    },
  ],
  invalid: [
    {
      name: "the same label up to case and spaces",
      text: pathwayText([START, B, END], [
        `{"id": "e1", "source": "start", "target": "b", "label": "Wants  help"}`,
        `{"id": "e2", "source": "start", "target": "end", "label": «" wants help"}`,
        `{"id": "e3", "source": "b", "target": "end", "label": "done"}`,
      ]),
      findings: [{ pointer: "/edges/1/label", message: /Two edges out of node "Greeting" \(id start\) have the label "wants help"/ }],
    },
    {
      name: "labels kept under data.label",
      text: pathwayText([START, B, END], [
        `{"id": "e1", "source": "start", "target": "b", "data": {"label": "go"}}`,
        `{"id": "e2", "source": "start", "target": "end", "data": {"label": «"GO"}}`,
        `{"id": "e3", "source": "b", "target": "end", "label": "done"}`,
      ]),
      findings: [{ pointer: "/edges/1/data/label" }],
    },
  ],
});
