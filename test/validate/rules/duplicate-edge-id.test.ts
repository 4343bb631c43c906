// Table test of duplicate-edge-id.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("duplicate-edge-id", validateText, {
  valid: [{ name: "unique edge ids", text: pathwayText([START, END], [edge("e1", "start", "end"), edge("e2", "start", "end", "other")]) }],
  invalid: [
    {
      name: "two edges with one id",
      text: pathwayText([START, END], [edge("e1", "start", "end"), `{"id": «"e1", "source": "start", "target": "end", "label": "again"}`]),
      findings: [{ pointer: "/edges/1/id", messageId: "duplicateEdgeId", data: { edgeId: '"e1"', first: 0 } }],
      output: pathwayText([START, END], [edge("e1", "start", "end"), `{"id": "e1-2", "source": "start", "target": "end", "label": "again"}`]),
    },
    {
      name: "three edges with one id, after others",
      text: pathwayText(
        [START, END],
        [
          edge("e0", "start", "end", "zero"),
          `{"id": 7, "source": "start", "target": "end", "label": "numbered"}`,
          edge("e1", "start", "end"),
          `{"id": «"e1", "source": "start", "target": "end", "label": "again"}`,
          `{"id": «"e1", "source": "start", "target": "end", "label": "and again"}`,
        ],
      ),
      findings: [
        { pointer: "/edges/3/id", messageId: "duplicateEdgeId", data: { edgeId: '"e1"', first: 2 } },
        { pointer: "/edges/4/id", messageId: "duplicateEdgeId", data: { edgeId: '"e1"', first: 2 } },
      ],
      // Each repeat gets the first id free in the file and not given to an earlier repeat.
      output: pathwayText(
        [START, END],
        [
          edge("e0", "start", "end", "zero"),
          `{"id": 7, "source": "start", "target": "end", "label": "numbered"}`,
          edge("e1", "start", "end"),
          `{"id": "e1-2", "source": "start", "target": "end", "label": "again"}`,
          `{"id": "e1-3", "source": "start", "target": "end", "label": "and again"}`,
        ],
      ),
    },
    {
      name: "a repeat whose first free name is taken by another edge",
      text: pathwayText(
        [START, END],
        [edge("e1", "start", "end"), edge("e1-2", "start", "end", "two"), `{"id": «"e1", "source": "start", "target": "end", "label": "again"}`],
      ),
      findings: [{ pointer: "/edges/2/id", messageId: "duplicateEdgeId", data: { edgeId: '"e1"', first: 0 } }],
      output: pathwayText(
        [START, END],
        [edge("e1", "start", "end"), edge("e1-2", "start", "end", "two"), `{"id": "e1-3", "source": "start", "target": "end", "label": "again"}`],
      ),
    },
  ],
});
