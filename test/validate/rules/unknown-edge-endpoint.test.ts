// Table test of unknown-edge-endpoint.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("unknown-edge-endpoint", validateText, {
  valid: [{ name: "edges between existing nodes", text: pathwayText([START, END], [edge("e1", "start", "end")]) }],
  invalid: [
    {
      name: "an edge to a deleted node",
      text: pathwayText([START, END], [`{"id": "e1", "source": "start", "target": «"gone", "label": "x"}`]),
      findings: [{ pointer: "/edges/0/target", messageId: "unknownEdgeEndpoint", data: { name: '"e1"', end: "target", id: '"gone"' } }],
    },
    {
      name: "an edge from a missing node",
      text: pathwayText([START, END], [`{"id": "e1", "source": «"ghost", "target": "end", "label": "x"}`]),
      findings: [{ pointer: "/edges/0/source" }],
    },
    {
      name: 'an edge without an id, named by its place and ends (not "Edge undefined")',
      text: pathwayText([START, END], [edge("e1", "start", "end"), `{"source": "start", "target": «"gone", "label": "x"}`]),
      findings: [{ pointer: "/edges/1/target", messageId: "unknownEdgeEndpoint", data: { name: "edges[1] (start → gone)", end: "target", id: '"gone"' } }],
    },
    {
      name: "a target one letter off a node id: the suggestion points it at that node",
      text: pathwayText([START, END], [`{"id": "e1", "source": "start", "target": «"edn", "label": "x"}`]),
      findings: [{ pointer: "/edges/0/target", messageId: "unknownEdgeEndpoint", data: { name: '"e1"', end: "target", id: '"edn"' } }],
      suggestions: [
        {
          finding: 0,
          desc: 'Change the target to "end", node "Bye" (id end)',
          output: pathwayText([START, END], [`{"id": "e1", "source": "start", "target": "end", "label": "x"}`]),
        },
      ],
    },
    {
      name: "a target near two node ids alike: no suggestion (a guess)",
      text: pathwayText(
        [START, END, `{"id": "End", "type": "End Call", "data": {"name": "Other", "text": "Bye."}}`],
        [`{"id": "e1", "source": "start", "target": «"edn", "label": "x"}`],
      ),
      findings: [{ pointer: "/edges/0/target" }],
    },
  ],
});
