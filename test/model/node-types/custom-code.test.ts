// The Custom Code node type: the keys its code returns become variables; the simulator takes the turn's answer for them.
import descriptor from "../../../src/model/node-types/custom-code.js";
import { describeNodeType, SAMPLE } from "./support.js";

describeNodeType(descriptor, {
  data: {
    name: "Total",
    code: "export default { async fetch(request) { return Response.json({ total: 42 }); } };",
    snippet_variables: { amount: "{{amount}}" },
  },
  answers: { Total: { status: 200, body: { total: 42 } } },
  entered: { status: "active", nodeId: SAMPLE },
  sets: ["total"],
});
