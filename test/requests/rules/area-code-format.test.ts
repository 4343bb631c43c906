// Table test of area-code-format.
import { ruleTable } from "../../support/rule-table.js";
import { checkText, PURCHASE, requestText } from "../../support/request-text.js";

ruleTable("area-code-format", checkText(), {
  valid: [{ name: "seed 4.6: three digits", text: requestText(PURCHASE) }],
  invalid: [
    { name: "seed 4.6: four digits", text: requestText({ ...PURCHASE, area_code: '«"4155"' }), findings: [{ pointer: "/area_code" }] },
    {
      name: "seed 4.6: a number instead of a string",
      text: requestText({ ...PURCHASE, area_code: "«415" }),
      findings: [{ pointer: "/area_code", messageId: "areaCodeFormat", data: { code: 415, detail: ': "415"' } }],
    },
  ],
});
