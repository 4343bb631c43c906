// The service recommends node prompts under 2,000 characters; longer ones slow responses and blur instructions.
import { z } from "zod";
import { describeNode, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "prompt-too-long",
    description: "Node `prompt` and `text` stay under `maxLength` characters (default 2000, as the service recommends).",
    defaultSeverity: "warning",
    set: "lint",
    options: z.object({ maxLength: z.number().int().positive().default(2000) }),
    messages: {
      promptTooLong:
        "The {{field}} of node {{node}} is {{valueLength}} characters long, over the {{maxLength}} recommended; shorten it, or move background facts to a Knowledge Base node or the global prompt.",
    },
  },
  check({ nodes }, report, { maxLength }) {
    for (const { node, index } of nodes) {
      const data = nodeData(node);
      for (const field of ["prompt", "text"] as const) {
        const value = data[field];
        if (typeof value !== "string" || value.length <= maxLength) continue;
        report({
          pointer: nodePointer(index, field),
          messageId: "promptTooLong",
          data: { field, node: describeNode(node), valueLength: value.length, maxLength },
        });
      }
    }
  },
});
