// The Route node type: goes on by the first route whose conditions hold, without the caller speaking.
import descriptor from "../../../src/model/node-types/route.js";
import { describeNodeType, NEXT } from "./support.js";

describeNodeType(descriptor, {
  data: { name: "By size", routes: [{ conditions: [{ field: "party", operator: ">", value: "{{limit}}" }], targetNodeId: NEXT }], fallbackNodeId: NEXT },
  variables: { party: 8, limit: 6 },
  entered: { status: "active", nodeId: NEXT },
  sets: [],
});
