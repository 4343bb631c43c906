// A Press Button node presses the digits of `digit`, `sequence` or `digitPrompt`; with none of them it presses nothing.
import { describeNode, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { missingTextPointer } from "./helpers.js";

/** The fields real Press Button nodes give their keys in (ivr-claims and ivr-workaround in the corpus). */
const DIGIT_FIELDS = ["digit", "sequence", "digitPrompt"] as const;

export default definePathwayRule({
  meta: {
    id: "press-button-missing-digits",
    description: "Press Button nodes say what to press: a non-empty `digit`, `sequence` or `digitPrompt`.",
    // Real files have such stubs (unconnected); the vendor documents no requirement, so this stays a warning.
    set: "validate",
    defaultSeverity: "warning",
    messages: {
      pressButtonMissingDigits:
        'Press Button node {{node}} has nothing to press; set "sequence" (the digits, may be a {{variable}}), "digit", or "digitPrompt" (instructions for choosing them).',
    },
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (node.type !== "Press Button") continue;
      const pointer = missingTextPointer(index, nodeData(node), DIGIT_FIELDS);
      if (pointer === undefined) continue;
      report({
        pointer,
        messageId: "pressButtonMissingDigits",
        data: { node: describeNode(node) },
      });
    }
  },
});
