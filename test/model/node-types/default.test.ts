// The Default node type: speaks, then waits for the caller.
import descriptor from "../../../src/model/node-types/default.js";
import { describeNodeType, SAMPLE } from "./support.js";

describeNodeType(descriptor, {
  data: { name: "Greet", text: "Hello {{caller}}." },
  entered: { status: "active", nodeId: SAMPLE },
  sets: [],
});
