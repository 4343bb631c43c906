// The Webhook node type: calls its url, stores the answer in variables and goes on by the response route it matches.
import descriptor from "../../../src/model/node-types/webhook.js";
import { describeNodeType, NEXT } from "./support.js";

describeNodeType(descriptor, {
  data: {
    name: "Look up",
    url: "https://example.com/orders/{{order_id}}",
    method: "POST",
    body: '{"caller": "{{caller}}"}',
    headers: [["Authorization", "Bearer {{token}}"]],
    responseData: [{ name: "order_status", data: "$.status" }],
    responsePathways: [["order_status", "==", "shipped", { id: NEXT, name: "Next" }]],
  },
  answers: { "Look up": { status: 200, body: { status: "shipped" } } },
  entered: { status: "active", nodeId: NEXT },
  sets: ["order_status"],
});
