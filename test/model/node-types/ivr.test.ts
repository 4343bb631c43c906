// The IVR node type: nothing in the flow is special about it.
import descriptor from "../../../src/model/node-types/ivr.js";
import { describeNodeType, SAMPLE } from "./support.js";

describeNodeType(descriptor, {
  data: { name: "Survey", prompt: "Ask {{caller}} to rate the call.", IVRSurvey: true },
  entered: { status: "active", nodeId: SAMPLE },
  sets: [],
});
