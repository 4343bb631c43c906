// Default and End Call nodes speak: they need static `text` or a dynamic `prompt`.
import { describeNode, nodeData } from "../../model/pathway.js";
import { defineRule } from "../rule.js";
import { nodePointer, noOptions } from "./helpers.js";

const SPEAKING_TYPES = new Set(["Default", "End Call"]);

function hasContent(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}

export default defineRule({
  meta: {
    id: "missing-text-or-prompt",
    description: "Default and End Call nodes have a non-empty `text` (said verbatim) or `prompt` (instructions for the model).",
    defaultSeverity: "error",
    options: noOptions,
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (!SPEAKING_TYPES.has(node.type)) continue;
      const data = nodeData(node);
      if (hasContent(data.text) || hasContent(data.prompt)) continue;
      report({
        pointer: !("data" in node) ? nodePointer(index) : "text" in data ? nodePointer(index, "text") : "prompt" in data ? nodePointer(index, "prompt") : `${nodePointer(index)}/data`,
        message: `${node.type} node ${describeNode(node)} has neither text nor prompt, so the agent has nothing to say; add "text" (said verbatim) or "prompt".`,
      });
    }
  },
});
