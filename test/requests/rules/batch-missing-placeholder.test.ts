// Table test of batch-missing-placeholder.
import { ruleTable } from "../../support/rule-table.js";
import { checkText, requestText } from "../../support/request-text.js";

ruleTable("batch-missing-placeholder", checkText(), {
  valid: [
    {
      name: "seed 4.3: every row has every {name}",
      text: requestText({ base_prompt: '"Hi {name}, about {order}"', call_data: '[{"phone_number": "+14155550123", "name": "Ada", "order": 1}]' }),
    },
  ],
  invalid: [
    {
      name: "seed 4.3: the second row lacks a variable (row index in the pointer)",
      text: requestText({ base_prompt: '"Hi {name}"', call_data: '[{"phone_number": "+14155550123", "name": "Ada"},\n«{"phone_number": "+14155550124"}]' }),
      findings: [{ pointer: "/call_data/1", messageId: "missingInRow", data: { index: 1, variable: "name", caseHint: "" } }],
    },
    {
      name: "seed 4.3: property names are case-sensitive",
      text: requestText({ base_prompt: '"Hi {name}"', call_data: '[«{"phone_number": "+14155550123", "Name": "Ada"}]' }),
      findings: [
        {
          pointer: "/call_data/0",
          messageId: "missingInRow",
          data: { index: 0, variable: "name", caseHint: '; it has "Name", but names are case-sensitive (POST /v1/batches: call_data)' },
        },
      ],
    },
  ],
});

ruleTable("batch-missing-placeholder", checkText(), {
  valid: [],
  invalid: [
    {
      name: "seed 4.3: twelve rows without {name}: ten reported one by one, the rest counted at call_data",
      text: requestText({
        base_prompt: '"Hi {name}"',
        call_data: `«[\n${Array.from({ length: 12 }, (_, i) => `${i < 10 ? "«" : ""}{"phone_number": "+1415555010${i % 10}"}`).join(",\n")}]`,
      }),
      findings: [
        { pointer: "/call_data", messageId: "missingInMoreRows", data: { variable: "name", more: 2, missing: 12, rows: 12 } },
        ...Array.from({ length: 10 }, (_, i) => ({ pointer: `/call_data/${i}` })),
      ],
    },
  ],
});
