// Table test of invalid-webhook-url.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

const hook = (url: string) => `{"id": "w", "type": "Webhook", "data": {"name": "Hook", ${url}"method": "POST"}}`;

ruleTable("invalid-webhook-url", validateText, {
  valid: [
    { name: "an https URL", text: pathwayText([START, hook('"url": "https://api.example.com/x?y={{id}}", ')]) },
    { name: "a URL that starts with a variable", text: pathwayText([START, hook('"url": "{{base_url}}/orders", ')]) },
  ],
  invalid: [
    {
      name: "a URL without scheme",
      text: pathwayText([START, hook('"url": «"api.example.com/x", ')]),
      findings: [{ pointer: "/nodes/1/data/url", message: /"api\.example\.com\/x", which is not an http\(s\) URL/ }],
    },
    { name: "an ftp URL", text: pathwayText([START, hook('"url": «"ftp://x.test/", ')]), findings: [{ pointer: "/nodes/1/data/url" }] },
    { name: "no URL", text: pathwayText([START, "«" + hook("")]), findings: [{ pointer: "/nodes/1", message: /has no url/ }] },
  ],
});
