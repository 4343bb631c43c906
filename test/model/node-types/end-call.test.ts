// The End Call node type: speaks and ends the call.
import descriptor from "../../../src/model/node-types/end-call.js";
import { describeNodeType, SAMPLE } from "./support.js";

describeNodeType(descriptor, {
  data: { name: "Bye", prompt: "Say goodbye to {{caller}}." },
  entered: { status: "ended", nodeId: SAMPLE },
  sets: [],
});
