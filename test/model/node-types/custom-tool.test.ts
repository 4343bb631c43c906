// The Custom Tool node type: a tool saved with the service; nothing in the flow is special about it.
import descriptor from "../../../src/model/node-types/custom-tool.js";
import { describeNodeType, SAMPLE } from "./support.js";

describeNodeType(descriptor, {
  data: { name: "Tool", prompt: "Use the tool for {{caller}}." },
  entered: { status: "active", nodeId: SAMPLE },
  sets: [],
});
