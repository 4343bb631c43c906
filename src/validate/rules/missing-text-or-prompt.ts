// Default and End Call nodes speak: they need static `text` or a dynamic `prompt`.
import { describeNode, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

const SPEAKING_TYPES = new Set(["Default", "End Call"]);

function hasContent(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}

export default definePathwayRule({
  meta: {
    id: "missing-text-or-prompt",
    description: "Default and End Call nodes have a non-empty `text` (said verbatim) or `prompt` (instructions for the model).",
    defaultSeverity: "error",
    set: "validate",
    messages: {
      missingTextOrPrompt: '{{nodeType}} node {{node}} has neither text nor prompt, so the agent has nothing to say; add "text" (said verbatim) or "prompt".',
    },
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (!SPEAKING_TYPES.has(node.type)) continue;
      const data = nodeData(node);
      if (hasContent(data.text) || hasContent(data.prompt)) continue;
      report({
        pointer: !("data" in node)
          ? nodePointer(index)
          : "text" in data
            ? nodePointer(index, "text")
            : "prompt" in data
              ? nodePointer(index, "prompt")
              : `${nodePointer(index)}/data`,
        messageId: "missingTextOrPrompt",
        data: { nodeType: node.type, node: describeNode(node) },
      });
    }
  },
});
