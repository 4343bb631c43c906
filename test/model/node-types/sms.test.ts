// The SMS node type: sends a text message; nothing in the flow is special about it.
import descriptor from "../../../src/model/node-types/sms.js";
import { describeNodeType, SAMPLE } from "./support.js";

describeNodeType(descriptor, {
  data: { name: "Text", message: "Your code is {{code}}", smsBody: "Code {{code}}", phoneNumber: "{{phone_number}}", fromNumber: "{{shop_number}}" },
  entered: { status: "active", nodeId: SAMPLE },
  sets: [],
});
