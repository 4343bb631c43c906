// An SMS node sends `message` (or `smsBody`, the other spelling seen); without either it sends an empty text.
import { describeNode, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { missingTextPointer } from "./helpers.js";

const MESSAGE_FIELDS = ["message", "smsBody"] as const;

export default definePathwayRule({
  meta: {
    id: "sms-missing-message",
    description: "SMS nodes have a non-empty `message` (or `smsBody`) to send.",
    // Every real SMS node has a message; none is documented as required, so a warning.
    set: "validate",
    defaultSeverity: "warning",
    messages: {
      smsMissingMessage: 'SMS node {{node}} has no message to send; write the text in "message" ({{variables}} are filled in).',
    },
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (node.type !== "SMS") continue;
      const pointer = missingTextPointer(index, nodeData(node), MESSAGE_FIELDS);
      if (pointer === undefined) continue;
      report({
        pointer,
        messageId: "smsMissingMessage",
        data: { node: describeNode(node) },
      });
    }
  },
});
