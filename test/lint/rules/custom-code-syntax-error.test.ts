// Table test of custom-code-syntax-error: code that does not parse is reported at the place in the code string.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

const chain = [edge("e1", "start", "c"), edge("e2", "c", "end")];
const node = (code: string) => `{"id": "c", "type": "Custom Code", "data": {"name": "Code", "code": "${code}"}}`;

ruleTable("custom-code-syntax-error", lintText, {
  valid: [
    {
      name: "a module with export default, await and Response.json",
      text: pathwayText([START, node("export default { async fetch(r) { const j = await r.json(); return Response.json({ a: j.a }) } }"), END], chain),
    },
    {
      name: "a stub with no code (custom-code analysis calls it opaque; nothing to parse)",
      text: pathwayText([START, `{"id": "c", "type": "Custom Code", "data": {"name": "Stub"}}`, END], chain),
    },
  ],
  invalid: [
    {
      name: "a missing brace on the code's second line",
      text: pathwayText([START, node("export default {\\n  fetch() { return Response.json({ a: 1 }) «)\\n}"), END], chain),
      findings: [
        {
          pointer: "/nodes/1/data/code",
          messageId: "customCodeSyntaxError",
          data: { node: '"Code" (id c)', errorMessage: "Unexpected token", errorLine: 2, errorColumn: 44 },
        },
      ],
    },
  ],
});
