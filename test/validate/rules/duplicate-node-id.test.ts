// Table test of duplicate-node-id.
import { expect, it } from "vitest";
import { ruleTable } from "../../support/rule-table.js";
import { END, START, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("duplicate-node-id", validateText, {
  valid: [{ name: "unique ids", text: pathwayText([START, END]) }],
  invalid: [
    {
      name: "a reused id, pointing at the second and naming the first",
      text: pathwayText([START, END, `{"id": «"end", "type": "Default", "data": {"name": "Again", "text": "x"}}`]),
      findings: [{ pointer: "/nodes/2/id", messageId: "duplicateNodeId", data: { node: '"Again" (id end)', firstIndex: 1, firstNode: '"Bye" (id end)' } }],
    },
  ],
});

it("relates a duplicate id to the first node with that id", () => {
  const d = validateText(pathwayText([START, START.replace('"isStart": true, ', "")])).find((x) => x.ruleId === "duplicate-node-id");
  expect(d?.related?.[0]).toMatchObject({ pointer: "/nodes/0/id", range: { start: { line: 2, column: 8 } } });
});
