// A Custom Code node runs its `code` (or a saved snippet); a stub with neither does nothing and sets no variables.
import { describeNode, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "custom-code-missing-code",
    description: "Custom Code nodes have `code` to run (or a saved `snippet_id`).",
    // Real files hold such stubs (ivr-workaround: a node with only a name); a warning, as nothing documents the field.
    set: "validate",
    defaultSeverity: "warning",
    messages: {
      customCodeMissingCode:
        'Custom Code node {{node}} has no code, so it does nothing and sets no variables; write the module in "code" (export default { async fetch(request) { ... return Response.json({...}) } }), or remove the node.',
    },
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (node.type !== "Custom Code") continue;
      const { code, snippet_id: snippet } = nodeData(node);
      if ((typeof code === "string" && code.trim() !== "") || (typeof snippet === "string" && snippet.trim() !== "")) continue;
      report({
        pointer: "code" in nodeData(node) ? nodePointer(index, "code") : nodePointer(index),
        messageId: "customCodeMissingCode",
        data: { node: describeNode(node) },
      });
    }
  },
});
