// The service recommends node prompts under 2,000 characters; longer ones slow responses and blur instructions.
import { z } from "zod";
import { describeNode, nodeData } from "../../model/pathway.js";
import { defineRule } from "../../validate/rule.js";
import { nodePointer } from "./helpers.js";

export default defineRule({
  meta: {
    id: "prompt-too-long",
    description: "Node `prompt` and `text` stay under `maxLength` characters (default 2000, as the service recommends).",
    defaultSeverity: "warning",
    options: z.object({ maxLength: z.number().int().positive().default(2000) }),
  },
  check({ nodes }, report, { maxLength }) {
    for (const { node, index } of nodes) {
      const data = nodeData(node);
      for (const field of ["prompt", "text"] as const) {
        const value = data[field];
        if (typeof value !== "string" || value.length <= maxLength) continue;
        report({
          pointer: nodePointer(index, field),
          message: `The ${field} of node ${describeNode(node)} is ${value.length} characters long, over the ${maxLength} recommended; shorten it, or move background facts to a Knowledge Base node or the global prompt.`,
        });
      }
    }
  },
});
