// Table test of prompt-too-long, with its maxLength option.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText, lintWith } from "../support.js";

const node = (field: string, length: number, mark = "") =>
  `{"id": "n", "type": "Default", "data": {"name": "Long", "${field}": ${mark}"${"a".repeat(length)}"}}`;
const text = (n: string) => pathwayText([START, n, END], [edge("e1", "start", "n"), edge("e2", "n", "end")]);

ruleTable("prompt-too-long", lintText, {
  valid: [{ name: "a prompt of exactly 2000 characters", text: text(node("prompt", 2000)) }],
  invalid: [
    {
      name: "a prompt over 2000 characters",
      text: text(node("prompt", 2001, "«")),
      findings: [
        { pointer: "/nodes/1/data/prompt", messageId: "promptTooLong", data: { field: "prompt", node: '"Long" (id n)', valueLength: 2001, maxLength: 2000 } },
      ],
    },
    {
      name: "a static text over 2000 characters",
      text: text(node("text", 2500, "«")),
      findings: [
        { pointer: "/nodes/1/data/text", messageId: "promptTooLong", data: { field: "text", node: '"Long" (id n)', valueLength: 2500, maxLength: 2000 } },
      ],
    },
  ],
});

ruleTable("prompt-too-long", lintWith({ rules: { "prompt-too-long": { severity: "warning", options: { maxLength: 100 } } } }), {
  valid: [{ name: "a prompt within a configured maxLength", text: text(node("prompt", 100)) }],
  invalid: [
    {
      name: "a prompt over a configured maxLength",
      text: text(node("prompt", 101, "«")),
      findings: [
        { pointer: "/nodes/1/data/prompt", messageId: "promptTooLong", data: { field: "prompt", node: '"Long" (id n)', valueLength: 101, maxLength: 100 } },
      ],
    },
  ],
});
