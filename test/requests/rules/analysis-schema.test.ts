// Table test of analysis-schema.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("analysis-schema", checkText(), {
  valid: [
    {
      name: "seed 4.1: email, boolean and a date-time format",
      text: requestText({ ...CALL, analysis_schema: '{"email": "email", "wants_demo": "boolean", "when": "YYYY-MM-DD HH:mm:ss"}' }),
    },
  ],
  invalid: [
    {
      name: "seed 4.1: a hint that is not text",
      text: requestText({ ...CALL, analysis_schema: '{"wants_demo": «true}' }),
      findings: [{ pointer: "/analysis_schema/wants_demo" }],
    },
    { name: "seed 4.1: a list instead of a map", text: requestText({ ...CALL, analysis_schema: '«["email"]' }), findings: [{ pointer: "/analysis_schema" }] },
  ],
});
