// The Press Button node type: presses its digits, then goes on to its press target by itself.
import descriptor from "../../../src/model/node-types/press-button.js";
import { describeNodeType, NEXT } from "./support.js";

describeNodeType(descriptor, {
  data: { name: "Press 1", digitPrompt: "Press {{digit}}", sequence: "{{digit}}", targetNodeAfterPress: { id: NEXT, name: "Next" } },
  entered: { status: "active", nodeId: NEXT },
  sets: [],
});
