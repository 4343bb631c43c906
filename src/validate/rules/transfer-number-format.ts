// A transfer node needs a number the service can dial: E.164 (+ and country code) or a {{variable}} filled at run time.
import { describeNode, isTransferNode, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { E164, nodePointer, SINGLE_VARIABLE } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "transfer-number-format",
    description: "Transfer nodes have a `transferNumber` in E.164 form (+15551234567) or a `{{variable}}`.",
    defaultSeverity: "error",
    set: "validate",
    messages: {
      noTransferNumber: 'Transfer node {{node}} has no transferNumber; add one in E.164 form such as "+15551234567", or a {{variable}}.',
      notE164:
        'Transfer node {{node}} has transferNumber {{number}}, which is not E.164; write it as "+" and country code and digits only (e.g. "+15551234567"), or use a {{variable}}.',
    },
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (!isTransferNode(node)) continue;
      const number = nodeData(node).transferNumber;
      if (typeof number === "string" && (E164.test(number.trim()) || SINGLE_VARIABLE.test(number.trim()))) continue;
      report({
        pointer: number === undefined ? nodePointer(index) : nodePointer(index, "transferNumber"),
        messageId: number === undefined ? "noTransferNumber" : "notE164",
        data: { node: describeNode(node), number: JSON.stringify(number) },
      });
    }
  },
});
