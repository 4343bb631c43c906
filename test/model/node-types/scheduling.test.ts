// The Scheduling node type: nothing in the flow is special about it.
import descriptor from "../../../src/model/node-types/scheduling.js";
import { describeNodeType, SAMPLE } from "./support.js";

describeNodeType(descriptor, {
  data: { name: "Book", prompt: "Offer {{caller}} a time." },
  entered: { status: "active", nodeId: SAMPLE },
  sets: [],
});
