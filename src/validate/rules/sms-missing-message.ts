// An SMS node sends `message` (or `smsBody`, the other spelling seen); without either it sends an empty text.
import { describeNode, nodeData } from "../../model/pathway.js";
import { defineRule } from "../rule.js";
import { missingTextPointer, noOptions } from "./helpers.js";

const MESSAGE_FIELDS = ["message", "smsBody"] as const;

export default defineRule({
  meta: {
    id: "sms-missing-message",
    description: "SMS nodes have a non-empty `message` (or `smsBody`) to send.",
    // Every real SMS node has a message; none is documented as required, so a warning.
    defaultSeverity: "warning",
    options: noOptions,
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (node.type !== "SMS") continue;
      const pointer = missingTextPointer(index, nodeData(node), MESSAGE_FIELDS);
      if (pointer === undefined) continue;
      report({
        pointer,
        message: `SMS node ${describeNode(node)} has no message to send; write the text in "message" ({{variables}} are filled in).`,
      });
    }
  },
});
