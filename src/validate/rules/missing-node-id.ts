// Every node entry (other than the globalConfig pseudo-entry) needs a non-empty string id.
import { isGlobalConfigEntry, isObject } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "missing-node-id",
    description: "Every node has a non-empty string `id`.",
    defaultSeverity: "error",
    set: "validate",
    messages: {
      missingNodeId: "Node{{name}} at nodes[{{index}}] has no usable id ({{detail}}); give it a unique string id.",
    },
  },
  check({ pathway }, report) {
    const entries = pathway.nodes as unknown[];
    entries.forEach((entry, index) => {
      if (!isObject(entry) || isGlobalConfigEntry(entry)) return;
      if (typeof entry.id === "string" && entry.id !== "") return;
      const name = isObject(entry.data) && typeof entry.data.name === "string" ? ` "${entry.data.name}"` : "";
      report({
        pointer: "id" in entry ? `${nodePointer(index)}/id` : nodePointer(index),
        messageId: "missingNodeId",
        data: { name, index, detail: "id" in entry ? `found ${JSON.stringify(entry.id)}` : "none" },
      });
    });
  },
});
