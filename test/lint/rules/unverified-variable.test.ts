// Table test of unverified-variable: a variable only an opaque producer (Custom Code that cannot be read) may set.
import { ruleTable } from "../../support/rule-table.js";
import { START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

const code = (source: string, id = "c") => `{"id": "${id}", "type": "Custom Code", "data": {"name": "Code", "code": ${JSON.stringify(source)}}}`;
const use = (mark = "") => `{"id": "end", "type": "End Call", "data": {"name": "Bye", "prompt": "Your score is ${mark}{{score}}."}}`;
const chain = [edge("e1", "start", "c"), edge("e2", "c", "end")];

ruleTable("unverified-variable", lintText, {
  valid: [
    {
      name: "a key returned in an object literal",
      text: pathwayText([START, code("export default { fetch() { return Response.json({ score: 3 }) } }"), use()], chain),
    },
    {
      name: "an opaque Custom Code node nothing reaches (it never runs): undefined-variable reports the use instead",
      text: pathwayText([START, code("export default { fetch() { return Response.json({ ...x }) } }"), use()], [edge("e1", "start", "end")]),
    },
  ],
  invalid: [
    {
      name: "a use only a spread in Response.json may set",
      text: pathwayText(
        [START, code("export default { async fetch(r) { const j = await r.json(); return Response.json({ ...j, other: 1 }) } }"), use("«")],
        chain,
      ),
      findings: [
        {
          pointer: "/nodes/2/data/prompt",
          messageId: "unverifiedVariable",
          data: { useName: "score", use: 'the prompt of node "Bye" (id end)', which: '"Code" (id c) (it spreads an object into Response.json)' },
        },
      ],
    },
    {
      name: "a use only a computed key, a non-literal argument or a stub without code may set",
      text: pathwayText(
        [
          START,
          code("export default { fetch() { const o = {}; return Response.json(o) } }"),
          `{"id": "s", "type": "Custom Code", "data": {"name": "Stub"}}`,
          use("«"),
        ],
        [edge("e1", "start", "c"), edge("e2", "c", "s"), edge("e3", "s", "end")],
      ),
      findings: [
        {
          pointer: "/nodes/3/data/prompt",
          messageId: "unverifiedVariable",
          data: {
            useName: "score",
            use: 'the prompt of node "Bye" (id end)',
            which: '"Code" (id c) (it passes Response.json something other than an object literal) and "Stub" (id s) (it has no code)',
          },
        },
      ],
    },
  ],
});
