// A global node is entered when the caller's words match its label; with an empty label it is entered at random or never.
import { describeNode, isGlobalNode, nodeData } from "../../model/pathway.js";
import { defineRule } from "../rule.js";
import { nodePointer, noOptions } from "./helpers.js";

export default defineRule({
  meta: {
    id: "global-label-empty",
    description: "Global nodes (`isGlobal: true`) have a non-empty `globalLabel` saying when to jump to them.",
    defaultSeverity: "error",
    options: noOptions,
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (!isGlobalNode(node)) continue;
      const label = nodeData(node).globalLabel;
      if (typeof label === "string" && label.trim() !== "") continue;
      report({
        pointer: label === undefined ? nodePointer(index, "isGlobal") : nodePointer(index, "globalLabel"),
        message: `Global node ${describeNode(node)} has ${label === undefined ? "no" : "an empty"} globalLabel, so the agent cannot tell when to jump to it; describe in "globalLabel" when the caller should be taken there.`,
      });
    }
  },
});
