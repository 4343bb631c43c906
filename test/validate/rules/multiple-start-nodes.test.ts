// Table test of multiple-start-nodes.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("multiple-start-nodes", validateText, {
  valid: [{ name: "one start node", text: pathwayText([START, END]) }],
  invalid: [
    {
      name: "two start nodes, naming each",
      text: pathwayText([
        `{"id": "a", "type": "Default", "data": {"name": "First", "isStart": «true, "text": "x"}}`,
        `{"id": "b", "type": "Default", "data": {"name": "Second", "isStart": «true, "text": "y"}}`,
      ]),
      findings: [
        { pointer: "/nodes/0/data/isStart", messageId: "multipleStartNodes", data: { startsLength: 2, names: '"First" (id a), "Second" (id b)' } },
        { pointer: "/nodes/1/data/isStart" },
      ],
    },
  ],
});
