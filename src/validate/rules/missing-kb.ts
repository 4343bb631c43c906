// A Knowledge Base node answers from its `kb`; without one it has nothing to answer from.
import { describeNode, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "missing-kb",
    description: "Knowledge Base nodes have a non-empty `kb`.",
    defaultSeverity: "error",
    set: "validate",
    messages: {
      missingKb: 'Knowledge Base node {{node}} has no knowledge base; put the text it answers from in "kb".',
    },
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (node.type !== "Knowledge Base") continue;
      const kb = nodeData(node).kb;
      if (typeof kb === "string" && kb.trim() !== "") continue;
      report({
        pointer: kb === undefined ? nodePointer(index) : nodePointer(index, "kb"),
        messageId: "missingKb",
        data: { node: describeNode(node) },
      });
    }
  },
});
