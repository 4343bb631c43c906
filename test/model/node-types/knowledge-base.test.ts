// The Knowledge Base node type: answers from `kb`, then waits for the caller.
import descriptor from "../../../src/model/node-types/knowledge-base.js";
import { describeNodeType, SAMPLE } from "./support.js";

describeNodeType(descriptor, {
  data: { name: "FAQ", prompt: "Answer from the knowledge base.", kb: "We open at {{opening_time}}." },
  entered: { status: "active", nodeId: SAMPLE },
  sets: [],
});
