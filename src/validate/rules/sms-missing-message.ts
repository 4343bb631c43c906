// An SMS node sends `message` (or `smsBody`, the other spelling seen); without either it sends an empty text.
import { describeNode, nodeData } from "../../model/index.js";
import { defineRule } from "../rule.js";
import { nodePointer, noOptions } from "./helpers.js";

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
      const data = nodeData(node);
      if (MESSAGE_FIELDS.some((f) => typeof data[f] === "string" && (data[f] as string).trim() !== "")) continue;
      const present = MESSAGE_FIELDS.find((f) => f in data);
      report({
        pointer: present ? nodePointer(index, present) : nodePointer(index),
        message: `SMS node ${describeNode(node)} has no message to send; write the text in "message" ({{variables}} are filled in).`,
      });
    }
  },
});
