// Table test of pathway-shape: the top-level shape and the documented field types.
import { describe, expect, it } from "vitest";
import { validateValue } from "../../../src/validate/index.js";
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText, validateText } from "../../support/pathway-text.js";

ruleTable("pathway-shape", validateText, {
  valid: [
    { name: "a documented pathway", text: pathwayText([START, END], [edge("e1", "start", "end")]) },
    { name: "a pathway without edges (real files omit them)", text: `{"name": "x", "description": null, "nodes": [${START}]}` },
    {
      name: "undocumented keys everywhere",
      text: `{"pathway_id": "p", "nodes": [{"id": "a", "type": "Default", "position": {"x": 1, "y": 2}, "selected": true, "data": {"isStart": true, "text": "x", "tag": {"name": "t"}}}]}`,
    },
  ],
  invalid: [
    { name: "an array instead of an object", text: "«[1, 2]", findings: [{ pointer: "", messageId: "notObject", data: { found: "an array" } }] },
    { name: "a missing nodes array", text: '«{"name": "x"}', findings: [{ pointer: "", messageId: "noNodes", data: { found: "there is none" } }] },
    {
      name: "nodes: false, as one client reports",
      text: '{"nodes": «false, "edges": false}',
      findings: [{ pointer: "/nodes", messageId: "noNodes", data: { found: "found false" } }],
    },
    {
      name: "edges: false",
      text: `{"nodes": [${START}], "edges": «false}`,
      findings: [{ pointer: "/edges", messageId: "badValue", data: { who: "Pathway", detail: '"edges" must be array, not boolean false' } }],
    },
    {
      name: "a name that is a number",
      text: `{"name": «42, "nodes": [${START}]}`,
      findings: [{ pointer: "/name", messageId: "badValue", data: { who: "Pathway", detail: '"name" must be string, not number 42' } }],
    },
    {
      name: "a node that is not an object, and wrongly typed data fields",
      text: pathwayText([START, "«42", `{"id": "a", "type": "Default", "data": {"text": «["x"], "isStart": false}}`]),
      findings: [
        { pointer: "/nodes/1", messageId: "nodeNotObject", data: { index: 1, detail: "number 42" } },
        { pointer: "/nodes/2/data/text", messageId: "badValue", data: { who: "Node id a", detail: '"data.text" must be string, not an array' } },
      ],
    },
    {
      name: "an edge without a target",
      text: pathwayText([START, END], [`«{"id": "e1", "source": "start", "label": "x"}`]),
      findings: [{ pointer: "/edges/0", messageId: "badValue", data: { who: 'Edge "e1"', detail: 'it is missing the required "target"' } }],
    },
  ],
});

describe("pathway-shape on values only code can build", () => {
  it("names an undefined node as undefined (it said 'undefined undefined')", () => {
    const findings = validateValue({ nodes: [undefined] }).filter((d) => d.ruleId === "pathway-shape");
    expect(findings.map((d) => d.message)).toEqual(["nodes[0] is undefined, but every node must be an object with id, type and data; remove or fix it."]);
  });
});
