// Every node needs a string `type`, which decides what the node does.
import { describeNode, isGlobalConfigEntry, isObject } from "../../model/pathway.js";
import type { PathwayNode } from "../../model/schema.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "missing-node-type",
    description: "Every node has a string `type` (Default, End Call, Transfer Call, ...).",
    defaultSeverity: "error",
    set: "validate",
    messages: {
      missingNodeType: '{{who}} has no type; set "type" to one of Default, End Call, Transfer Call, Knowledge Base, Webhook.',
    },
  },
  check({ pathway }, report) {
    (pathway.nodes as unknown[]).forEach((entry, index) => {
      if (!isObject(entry) || isGlobalConfigEntry(entry)) return;
      if (typeof entry.type === "string" && entry.type !== "") return;
      const who = typeof entry.id === "string" ? `Node ${describeNode(entry as PathwayNode)}` : `Node at nodes[${index}]`;
      report({
        pointer: "type" in entry ? `${nodePointer(index)}/type` : nodePointer(index),
        messageId: "missingNodeType",
        data: { who },
      });
    });
  },
});
