// A global node is entered when the caller's words match its label; with an empty label it is entered at random or never.
import { describeNode, isGlobalNode, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "global-label-empty",
    description: "Global nodes (`isGlobal: true`) have a non-empty `globalLabel` saying when to jump to them.",
    defaultSeverity: "error",
    set: "validate",
    messages: {
      globalLabelEmpty:
        'Global node {{node}} has {{detail}} globalLabel, so the agent cannot tell when to jump to it; describe in "globalLabel" when the caller should be taken there.',
    },
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (!isGlobalNode(node)) continue;
      const label = nodeData(node).globalLabel;
      if (typeof label === "string" && label.trim() !== "") continue;
      report({
        pointer: label === undefined ? nodePointer(index, "isGlobal") : nodePointer(index, "globalLabel"),
        messageId: "globalLabelEmpty",
        data: { node: describeNode(node), detail: label === undefined ? "no" : "an empty" },
      });
    }
  },
});
