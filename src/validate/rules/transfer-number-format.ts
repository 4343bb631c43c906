// A transfer node needs a number the service can dial: E.164 (+ and country code) or a {{variable}} filled at run time.
import { describeNode, isTransferNode, nodeData } from "../../model/pathway.js";
import { defineRule } from "../rule.js";
import { E164, nodePointer, noOptions, SINGLE_VARIABLE } from "./helpers.js";

export default defineRule({
  meta: {
    id: "transfer-number-format",
    description: "Transfer nodes have a `transferNumber` in E.164 form (+15551234567) or a `{{variable}}`.",
    defaultSeverity: "error",
    options: noOptions,
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (!isTransferNode(node)) continue;
      const number = nodeData(node).transferNumber;
      if (typeof number === "string" && (E164.test(number.trim()) || SINGLE_VARIABLE.test(number.trim()))) continue;
      report({
        pointer: number === undefined ? nodePointer(index) : nodePointer(index, "transferNumber"),
        message:
          number === undefined
            ? `Transfer node ${describeNode(node)} has no transferNumber; add one in E.164 form such as "+15551234567", or a {{variable}}.`
            : `Transfer node ${describeNode(node)} has transferNumber ${JSON.stringify(number)}, which is not E.164; write it as "+" and country code and digits only (e.g. "+15551234567"), or use a {{variable}}.`,
      });
    }
  },
});
