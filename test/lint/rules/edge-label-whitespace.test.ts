// Table test of edge-label-whitespace, with the text `lint --fix` writes.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

const names = { edgeSource: '"Greeting" (id start)', edgeTarget: '"Bye" (id end)' };

ruleTable("edge-label-whitespace", lintText, {
  valid: [
    { name: "a tidy label", text: pathwayText([START, END], [edge("e1", "start", "end", "caller is done")]) },
    {
      name: "a blank label (empty-edge-label's to report)",
      text: pathwayText([START, END], [`{"id": "e1", "source": "start", "target": "end", "label": "  "}`]),
    },
  ],
  invalid: [
    {
      name: "spaces around a top-level label",
      text: pathwayText([START, END], [`{"id": "e1", "source": "start", "target": "end", "label": «" caller is done  "}`]),
      findings: [{ pointer: "/edges/0/label", messageId: "strayWhitespace", data: { ...names, detail: "whitespace around it", tidy: '"caller is done"' } }],
      output: pathwayText([START, END], [`{"id": "e1", "source": "start", "target": "end", "label": "caller is done"}`]),
    },
    {
      name: 'a run of spaces, a tab and a newline inside data.label (the corpus\'s "text  message")',
      text: pathwayText([START, END], [`{"id": "e1", "source": "start", "target": "end", "data": {"label": «"yes to text  message\\t\\nplease"}}`]),
      findings: [
        {
          pointer: "/edges/0/data/label",
          messageId: "strayWhitespace",
          data: { ...names, detail: "a run of whitespace inside it", tidy: '"yes to text message please"' },
        },
      ],
      output: pathwayText([START, END], [`{"id": "e1", "source": "start", "target": "end", "data": {"label": "yes to text message please"}}`]),
    },
  ],
});
