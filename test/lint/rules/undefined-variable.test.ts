// Table test of undefined-variable: every interpolated field is read, the range is the placeholder, one finding per variable.
import { ruleTable } from "../../support/rule-table.js";
import { END, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText, lintWith } from "../support.js";

const start = (prompt: string, extra = "") => `{"id": "start", "type": "Default", "data": {"name": "Greeting", "isStart": true, ${extra}"prompt": ${prompt}}}`;
const toEnd = [edge("e1", "start", "end")];
/** A node after the start with `data` fields given as JSON text. */
const after = (type: string, data: string) => `{"id": "n", "type": "${type}", "data": {"name": "N", ${data}}}`;
const chain = [edge("e1", "start", "n"), edge("e2", "n", "end")];
const TOOL = `"tools": [{"name": "lookup", "type": "custom_tool", "config": {"tool": {"tool": {"name": "lookup", "body": {"url": "https://x.example.com?q={{input.query}}", "method": "GET"}, "response_data": [{"name": "order_status", "data": "$.status"}]}}}}]`;

ruleTable("undefined-variable", lintText, {
  valid: [
    { name: "system variables", text: pathwayText([start(`"It is {{now}}; you called from {{ from }} ({{input.city}}), chat {{callID}}."`), END], toEnd) },
    {
      name: "a variable extracted earlier",
      text: pathwayText(
        [
          start(`"Ask the name."`, `"extractVars": [["name", "string", "The caller's name"]], `),
          `{"id": "end", "type": "End Call", "data": {"prompt": "Bye {{name}}"}}`,
        ],
        toEnd,
      ),
    },
    {
      name: "a stored secret in webhook headers",
      text: pathwayText(
        [start(`"Hi"`), after("Webhook", `"url": "https://x.example.com", "method": "GET", "headers": [["Authorization", "Bearer {{SECRET.api_key}}"]]`), END],
        chain,
      ),
    },
    {
      name: "a variable a node tool's response_data sets, and the tool's own {{input.x}}",
      text: pathwayText(
        [start(`"Look it up."`, `${TOOL}, `), `{"id": "end", "type": "End Call", "data": {"prompt": "Your order is {{order_status}}."}}`],
        toEnd,
      ),
    },
    {
      name: "a key a Custom Code node returns with Response.json",
      text: pathwayText(
        [
          start(`"Hi"`),
          after(
            "Custom Code",
            `"code": "export default { async fetch(request) { const json = await request.json(); return Response.json({ score: 1, 'tier': json.t }); } }"`,
          ),
          `{"id": "end", "type": "End Call", "data": {"prompt": "Score {{score}}, tier {{tier}}."}}`,
        ],
        chain,
      ),
    },
    { name: "text that is not a placeholder", text: pathwayText([start(`"Braces { { x } } and {{ }} and {{1abc}}"`), END], toEnd) },
  ],
  invalid: [
    {
      name: "a near miss of a variable a node sets, after an escape: the suggestion rewrites just the placeholder",
      text: pathwayText(
        [
          start(`"Ask the name."`, `"extractVars": [["caller_name", "string", "The caller's name"]], `),
          `{"id": "end", "type": "End Call", "data": {"name": "Bye", "prompt": "Bye caf\\u00e9 «{{ caler_name }}!"}}`,
        ],
        toEnd,
      ),
      findings: [
        { pointer: "/nodes/1/data/prompt", messageId: "undefinedVariable", data: { useName: "caler_name", use: 'the prompt of node "Bye" (id end)' } },
      ],
      suggestions: [
        {
          finding: 0,
          desc: 'Use {{caller_name}}, which node "Greeting" (id start) sets',
          output: pathwayText(
            [
              start(`"Ask the name."`, `"extractVars": [["caller_name", "string", "The caller's name"]], `),
              `{"id": "end", "type": "End Call", "data": {"name": "Bye", "prompt": "Bye caf\\u00e9 {{caller_name}}!"}}`,
            ],
            toEnd,
          ),
        },
      ],
    },
    {
      name: "a variable nothing sets, placed at its {{",
      text: pathwayText(
        [`{"id": "start", "type": "Default", "data": {"name": "Greeting", "isStart": true, "prompt": "Book for «{{appointment_time}}"}}`, END],
        toEnd,
      ),
      findings: [
        {
          pointer: "/nodes/0/data/prompt",
          messageId: "undefinedVariable",
          data: { useName: "appointment_time", use: 'the prompt of node "Greeting" (id start)' },
        },
      ],
    },
    {
      name: "a variable in a webhook body",
      text: pathwayText(
        [
          `{"id": "start", "type": "Webhook", "data": {"name": "Send", "isStart": true, "url": "https://x.example.com", "method": "POST", "body": {"id": "«{{order_id}}"}}}`,
          END,
        ],
        toEnd,
      ),
      findings: [
        { pointer: "/nodes/0/data/body/id", messageId: "undefinedVariable", data: { useName: "order_id", use: 'the body of node "Send" (id start)' } },
      ],
    },
    {
      name: 'once per node, field and variable, after escapes (\\n, \\", \\u00e9) in the string',
      text: pathwayText([start(`"Line one\\n\\"quoted\\" caf\\u00e9 «{{ who }} and again {{who}}, then «{{other}} {{who}}"`), END], toEnd),
      findings: [
        { pointer: "/nodes/0/data/prompt", messageId: "undefinedVariable", data: { useName: "who", use: 'the prompt of node "Greeting" (id start)' } },
        { pointer: "/nodes/0/data/prompt", messageId: "undefinedVariable", data: { useName: "other", use: 'the prompt of node "Greeting" (id start)' } },
      ],
    },
    {
      name: "a placeholder deep in a 20,000-character prompt",
      text: pathwayText([start(`"${"x".repeat(20_000)} «{{late}}"`), END], toEnd),
      findings: [{ pointer: "/nodes/0/data/prompt" }],
    },
    {
      name: "the globalPrompt of a node and the {globalConfig} entry",
      text: pathwayText(
        [start(`"Hi"`, `"globalPrompt": "Speak «{{ restaurant_language }}", `), END, `{"globalConfig": {"globalPrompt": "Be kind to «{{caller}}"}}`],
        toEnd,
      ),
      findings: [
        {
          pointer: "/nodes/0/data/globalPrompt",
          messageId: "undefinedVariable",
          data: { useName: "restaurant_language", use: 'the globalPrompt of node "Greeting" (id start)' },
        },
        {
          pointer: "/nodes/2/globalConfig/globalPrompt",
          messageId: "undefinedVariable",
          data: { useName: "caller", use: "the pathway's global prompt (the {globalConfig} entry of nodes[])" },
        },
      ],
    },
    {
      name: "Press Button digitPrompt and sequence",
      text: pathwayText([start(`"Hi"`), after("Press Button", `"digitPrompt": "Member ID: «{{member_id}}", "sequence": "«{{provider_tin}}"`), END], chain),
      findings: [
        { pointer: "/nodes/1/data/digitPrompt", messageId: "undefinedVariable", data: { useName: "member_id", use: 'the digitPrompt of node "N" (id n)' } },
        { pointer: "/nodes/1/data/sequence", messageId: "undefinedVariable", data: { useName: "provider_tin", use: 'the sequence of node "N" (id n)' } },
      ],
    },
    {
      name: "SMS message and numbers, Custom Code snippet_variables, warm transfer fields, Route condition values, kb",
      text: pathwayText(
        [
          start(`"Hi"`),
          after("SMS", `"message": "Hi «{{first}}", "phoneNumber": "«{{cell}}"`),
          `{"id": "c", "type": "Custom Code", "data": {"name": "C", "code": "export default { fetch() { return Response.json({ ok: 1 }) } }", "snippet_variables": {"who": "«{{patient}}"}}}`,
          `{"id": "t", "type": "Transfer Call", "data": {"name": "T", "transferNumber": "+15551234567", "warmTransferFields": {"isEnabled": true, "agentPrompt": "About «{{topic}}"}}}`,
          `{"id": "r", "type": "Route", "data": {"name": "R", "routes": [{"conditions": [{"field": "ok", "operator": "is", "value": "«{{expected}}"}], "targetNodeId": "k"}], "fallbackNodeId": "k"}}`,
          `{"id": "k", "type": "Knowledge Base", "data": {"name": "K", "prompt": "Answer.", "kb": "Hours: «{{hours}}"}}`,
          END,
        ],
        [edge("e1", "start", "n"), edge("e2", "n", "c"), edge("e3", "c", "t"), edge("e4", "t", "r"), edge("e5", "k", "end")],
      ),
      findings: [
        { pointer: "/nodes/1/data/message", messageId: "undefinedVariable", data: { useName: "first", use: 'the message of node "N" (id n)' } },
        { pointer: "/nodes/1/data/phoneNumber", messageId: "undefinedVariable", data: { useName: "cell", use: 'the phoneNumber of node "N" (id n)' } },
        {
          pointer: "/nodes/2/data/snippet_variables/who",
          messageId: "undefinedVariable",
          data: { useName: "patient", use: 'the snippet_variables of node "C" (id c)' },
        },
        {
          pointer: "/nodes/3/data/warmTransferFields/agentPrompt",
          messageId: "undefinedVariable",
          data: { useName: "topic", use: 'the warmTransferFields of node "T" (id t)' },
        },
        {
          pointer: "/nodes/4/data/routes/0/conditions/0/value",
          messageId: "undefinedVariable",
          data: { useName: "expected", use: 'the route condition value of node "R" (id r)' },
        },
        { pointer: "/nodes/5/data/kb", messageId: "undefinedVariable", data: { useName: "hours", use: 'the kb of node "K" (id k)' } },
      ],
    },
    {
      name: "a pathway variable in a node tool's request (only {{input.x}} is the tool's own)",
      text: pathwayText(
        [
          `{"id": "start", "type": "Default", "data": {"name": "Greeting", "isStart": true, "prompt": "Hi", "tools": [{"name": "t", "config": {"tool": {"tool": {"body": {"url": "https://x.example.com/{{input.q}}/«{{account}}"}}}}}]}}`,
          END,
        ],
        toEnd,
      ),
      findings: [
        {
          pointer: "/nodes/0/data/tools/0/config/tool/tool/body/url",
          messageId: "undefinedVariable",
          data: { useName: "account", use: 'the tool request of node "Greeting" (id start)' },
        },
      ],
    },
  ],
});

ruleTable("undefined-variable", lintWith({ requestData: ["customer"], systemVariables: ["tenant"] }), {
  valid: [{ name: "request_data and extra system variables from the config", text: pathwayText([start(`"Hi {{customer}} from {{tenant}}"`), END], toEnd) }],
  invalid: [],
});
