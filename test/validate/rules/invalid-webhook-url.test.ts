// Table test of invalid-webhook-url.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

const hook = (url: string) => `{"id": "w", "type": "Webhook", "data": {"name": "Hook", ${url}"method": "POST"}}`;

ruleTable("invalid-webhook-url", validateText, {
  valid: [
    {
      name: "a Webhook node that runs a saved tool (no url or method of its own)",
      text: pathwayText([
        START,
        `{"id": "w", "type": "Webhook", "data": {"name": "Hook", "tool": "TL-5a2d1c3e-0000-4000-8000-000000000001", "staticVars": {"k": "v"}}}`,
      ]),
    },
    { name: "an https URL", text: pathwayText([START, hook('"url": "https://api.example.com/x?y={{id}}", ')]) },
    { name: "a URL that starts with a variable", text: pathwayText([START, hook('"url": "{{base_url}}/orders", ')]) },
  ],
  invalid: [
    {
      name: "a URL without scheme",
      text: pathwayText([START, hook('"url": «"api.example.com/x", ')]),
      findings: [{ pointer: "/nodes/1/data/url", messageId: "notHttpUrl", data: { node: '"Hook" (id w)', url: '"api.example.com/x"' } }],
    },
    { name: "an ftp URL", text: pathwayText([START, hook('"url": «"ftp://x.test/", ')]), findings: [{ pointer: "/nodes/1/data/url" }] },
    { name: "no URL", text: pathwayText([START, `«${hook("")}`]), findings: [{ pointer: "/nodes/1", messageId: "noUrl", data: { node: '"Hook" (id w)' } }] },
  ],
});
