// Table test of invalid-webhook-method.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

const hook = (method: string) => `{"id": "w", "type": "Webhook", "data": {"name": "Hook", "url": "https://x.test"${method}}}`;

ruleTable("invalid-webhook-method", validateText, {
  valid: [
    { name: "POST", text: pathwayText([START, hook(', "method": "POST"')]) },
    { name: "lower-case get", text: pathwayText([START, hook(', "method": "get"')]) },
  ],
  invalid: [
    { name: "an unknown method", text: pathwayText([START, hook(', "method": «"FETCH"')]), findings: [{ pointer: "/nodes/1/data/method", message: /method "FETCH"; set "method" to one of GET, POST/ }] },
    { name: "no method", text: pathwayText([START, "«" + hook("")]), findings: [{ pointer: "/nodes/1", message: /has no method/ }] },
  ],
});
