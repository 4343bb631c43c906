// Table test of unresolved-prompt-variable.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("unresolved-prompt-variable", checkText(), {
  valid: [
    {
      name: "seed 2.6: {{name}} from request_data and {{from}} from the system",
      text: requestText({ ...CALL, task: '"Call {{name}} from {{from}}"', request_data: '{"name": "Ada"}' }),
    },
    { name: "seed 4.3: {{name}} in every batch row", text: requestText({ ...BATCH, first_sentence: '"Hi {{name}}"' }) },
  ],
  invalid: [
    {
      name: "seed 2.6: a first_sentence variable request_data lacks",
      text: requestText({ ...CALL, first_sentence: '«"Hi {{ name }}"', request_data: '{"Name": "Ada"}' }),
      findings: [{ pointer: "/first_sentence", messageId: "notRequestData", data: { vName: "name", field: "first_sentence", detail: "", vRoot: "name" } }],
    },
    {
      name: "seed 4.1: a voicemail_message variable",
      text: requestText({ ...CALL, voicemail_message: '«"Call {{agent.phone}}"' }),
      findings: [
        { pointer: "/voicemail_message", messageId: "notRequestData", data: { vName: "agent.phone", field: "voicemail_message", detail: "", vRoot: "agent" } },
      ],
    },
    {
      name: "seed 2.6: a variable repeated 10,000 times in a field, once",
      text: requestText({ ...CALL, task: `«"${"{{a}}".repeat(10_000)}"` }),
      findings: [{ pointer: "/task", messageId: "notRequestData", data: { vName: "a", field: "task", detail: "", vRoot: "a" } }],
    },
    {
      // Findings at one place are listed by message: the count ("5 more ...") sorts before the "{{v00}} ..." ones.
      name: "seed 2.6: the first 20 of 25 distinct variables in a field, then one finding counting the other 5",
      text: requestText({
        ...CALL,
        first_sentence: `${"«".repeat(21)}"${Array.from({ length: 25 }, (_, i) => `{{v${String(i).padStart(2, "0")}}}`).join(" ")}"`,
      }),
      findings: [
        {
          pointer: "/first_sentence",
          messageId: "moreNotSupplied",
          data: { restLength: 5, field: "first_sentence", roots: "", detail: '"v20", "v21", "v22", "v23", "v24"' },
        },
        ...Array.from({ length: 20 }, (_, i) => ({ pointer: "/first_sentence", message: new RegExp(`^\\{\\{v${String(i).padStart(2, "0")}\\}\\}`) })),
      ],
    },
  ],
});
