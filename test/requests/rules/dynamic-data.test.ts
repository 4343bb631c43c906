// Table test of dynamic-data.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, INBOUND, requestText } from "../../support/request-text.js";

ruleTable("dynamic-data", checkText(), {
  valid: [
    {
      name: "seed 2.6: url, response_data, method, cache",
      text: requestText({
        ...CALL,
        dynamic_data:
          '[{"url": "https://api.example.com/c", "method": "POST", "cache": false, "response_data": [{"name": "tier", "data": "$.tier", "context": "Tier {{tier}}"}]}]',
      }),
    },
    { name: "seed 4.2: null clears an inbound number's dynamic_data", text: requestText({ ...INBOUND, dynamic_data: "null" }) },
  ],
  invalid: [
    {
      name: "seed 2.6: response_data is required",
      text: requestText({ ...CALL, dynamic_data: '[«{"url": "https://api.example.com/c"}]' }),
      findings: [{ pointer: "/dynamic_data/0", messageId: "noResponseData", data: { where: "dynamic_data[0]", detail: 'has no "response_data"' } }],
    },
    {
      name: "seed 2.6: method GET or POST, data a JSON path",
      text: requestText({ ...CALL, dynamic_data: '[{"url": "https://a.example", "method": «"PUT", "response_data": [«{"name": "x"}]}]' }),
      findings: [
        { pointer: "/dynamic_data/0/method" },
        { pointer: "/dynamic_data/0/response_data/0", messageId: "responseItemNoData", data: { where: "dynamic_data[0]", index: 0 } },
      ],
    },
  ],
});
