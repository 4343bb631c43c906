// Table test of unsupported-language.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH, CALL, checkText, INBOUND, PURCHASE, requestText } from "../../support/request-text.js";

ruleTable("unsupported-language", checkText(), {
  valid: [
    { name: "seed 4.1: en-GB", text: requestText({ ...CALL, language: "\"en-GB\"" }) },
    { name: "seed 4.1: zh - Hans with the published spacing", text: requestText({ ...CALL, language: "\"zh - Hans\"" }) },
  ],
  invalid: [
    { name: "seed 4.1: zh-Hans without the published spacing", text: requestText({ ...CALL, language: "«\"zh-Hans\"" }), findings: [{ pointer: "/language", message: /did you mean "zh - Hans"/ }] },
    { name: "seed 4.1: a language not in the list", text: requestText({ ...CALL, language: "«\"el\"" }), findings: [{ pointer: "/language" }] },
  ],
});
