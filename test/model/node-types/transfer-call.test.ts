// The transfer node type ("Transfer Call", alias "Transfer Node"): the call goes to a phone number.
import descriptor from "../../../src/model/node-types/transfer-call.js";
import { describeNodeType, SAMPLE } from "./support.js";

describeNodeType(descriptor, {
  data: {
    name: "Human",
    text: "Transferring you.",
    transferNumber: "{{desk}}",
    warmTransferFields: { isEnabled: true, agentPrompt: "Tell the agent about {{caller}}." },
  },
  entered: { status: "transferred", nodeId: SAMPLE },
  sets: [],
});
