// The Wait for Response node type: waits for the caller.
import descriptor from "../../../src/model/node-types/wait-for-response.js";
import { describeNodeType, SAMPLE } from "./support.js";

describeNodeType(descriptor, {
  data: { name: "Wait", prompt: "Wait for {{caller}} to find the number.", extractVars: [["account", "string", "the account number"]] },
  entered: { status: "active", nodeId: SAMPLE },
  sets: ["account"],
});
