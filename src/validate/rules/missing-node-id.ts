// Every node entry (other than the globalConfig pseudo-entry) needs a non-empty string id.
import { isGlobalConfigEntry, isObject } from "../../model/pathway.js";
import { defineRule } from "../rule.js";
import { nodePointer, noOptions } from "./helpers.js";

export default defineRule({
  meta: {
    id: "missing-node-id",
    description: "Every node has a non-empty string `id`.",
    defaultSeverity: "error",
    options: noOptions,
  },
  check({ pathway }, report) {
    const entries = pathway.nodes as unknown[];
    entries.forEach((entry, index) => {
      if (!isObject(entry) || isGlobalConfigEntry(entry)) return;
      if (typeof entry.id === "string" && entry.id !== "") return;
      const name = isObject(entry.data) && typeof entry.data.name === "string" ? ` "${entry.data.name}"` : "";
      report({
        pointer: "id" in entry ? `${nodePointer(index)}/id` : nodePointer(index),
        message: `Node${name} at nodes[${index}] has no usable id (${"id" in entry ? `found ${JSON.stringify(entry.id)}` : "none"}); give it a unique string id.`,
      });
    });
  },
});
