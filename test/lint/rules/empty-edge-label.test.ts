// Table test of empty-edge-label.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

ruleTable("empty-edge-label", lintText, {
  valid: [
    { name: "a labelled edge", text: pathwayText([START, END], [edge("e1", "start", "end", "caller is done")]) },
    {
      name: "an edge with conditions instead of a label",
      text: pathwayText(
        [START, END],
        [`{"id": "e1", "source": "start", "target": "end", "data": {"condition": [{"field": "done", "operator": "==", "value": true}]}}`],
      ),
    },
  ],
  invalid: [
    {
      name: "an edge with a blank label",
      text: pathwayText([START, END], [`{"id": "e1", "source": "start", "target": "end", "label": «"  "}`]),
      findings: [
        {
          pointer: "/edges/0/label",
          messageId: "emptyEdgeLabel",
          data: { edgeSource: '"Greeting" (id start)', edgeTarget: '"Bye" (id end)', detail: "an empty" },
        },
      ],
    },
    {
      name: "an edge with no label at all",
      text: pathwayText([START, END], [`«{"id": "e1", "source": "start", "target": "end"}`]),
      findings: [
        { pointer: "/edges/0", messageId: "emptyEdgeLabel", data: { edgeSource: '"Greeting" (id start)', edgeTarget: '"Bye" (id end)', detail: "no" } },
      ],
    },
    {
      name: "an edge to a missing node, from a node whose id is used twice (the first one is named)",
      text: pathwayText(
        [START, END, `{"id": "start", "type": "Default", "data": {"name": "Second greeting", "text": "Hi again"}}`],
        [`{"id": "e1", "source": "start", "target": "zz", "label": «""}`],
      ),
      findings: [
        { pointer: "/edges/0/label", messageId: "emptyEdgeLabel", data: { edgeSource: '"Greeting" (id start)', edgeTarget: "id zz", detail: "an empty" } },
      ],
    },
  ],
});
