// A Knowledge Base node answers from its `kb`; without one it has nothing to answer from.
import { describeNode, nodeData } from "../../model/pathway.js";
import { defineRule } from "../rule.js";
import { nodePointer, noOptions } from "./helpers.js";

export default defineRule({
  meta: {
    id: "missing-kb",
    description: "Knowledge Base nodes have a non-empty `kb`.",
    defaultSeverity: "error",
    options: noOptions,
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (node.type !== "Knowledge Base") continue;
      const kb = nodeData(node).kb;
      if (typeof kb === "string" && kb.trim() !== "") continue;
      report({
        pointer: kb === undefined ? nodePointer(index) : nodePointer(index, "kb"),
        message: `Knowledge Base node ${describeNode(node)} has no knowledge base; put the text it answers from in "kb".`,
      });
    }
  },
});
