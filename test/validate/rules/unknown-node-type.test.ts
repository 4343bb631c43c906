// Table test of unknown-node-type: a warning, with a suggestion when the type is a near miss.
import { expect, it } from "vitest";
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("unknown-node-type", validateText, {
  valid: [
    {
      name: "documented and real types",
      text: pathwayText([
        START,
        `{"id": "a", "type": "Transfer Call", "data": {"transferNumber": "+15550000000"}}`,
        `{"id": "b", "type": "Custom Code", "data": {}}`,
      ]),
    },
  ],
  invalid: [
    {
      name: "a near miss, with a suggestion",
      text: pathwayText([START, `{"id": "x", "type": «"end call", "data": {"text": "bye"}}`]),
      findings: [
        { pointer: "/nodes/1/type", messageId: "unknownNodeType", data: { node: "id x", nodeType: '"end call"', detail: 'did you mean "End Call"?' } },
      ],
    },
    {
      name: "an invented type",
      text: pathwayText([START, `{"id": "x", "type": «"Teleport", "data": {}}`]),
      findings: [
        {
          pointer: "/nodes/1/type",
          messageId: "unknownNodeType",
          data: {
            node: "id x",
            nodeType: '"Teleport"',
            detail:
              "known types are Default, End Call, Transfer Node, Knowledge Base, Webhook, Transfer Call, Wait for Response, Custom Code, Route, SMS, Custom Tool, Transfer Pathway, Press Button, Scheduling, Vector DB Knowledge Base, IVR.",
          },
        },
      ],
    },
  ],
});

it("is a warning, not an error", () => {
  const d = validateText(pathwayText([START, `{"id": "x", "type": "Teleport", "data": {}}`])).find((x) => x.ruleId === "unknown-node-type");
  expect(d?.severity).toBe("warning");
});
