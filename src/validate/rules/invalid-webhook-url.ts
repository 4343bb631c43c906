// A Webhook node calls its `url`: it must be an http(s) URL or start with a {{variable}} filled at run time.
import { describeNode, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { isSavedToolWebhook, LEADING_VARIABLE, nodePointer } from "./helpers.js";

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export default definePathwayRule({
  meta: {
    id: "invalid-webhook-url",
    description: 'Webhook nodes have a `url` that is http(s) or starts with a `{{variable}}` (unless they run a saved tool, `"tool": "TL-..."`).',
    defaultSeverity: "error",
    set: "validate",
    messages: {
      noUrl: 'Webhook node {{node}} has no url; set "url" to the http(s) address to call.',
      notHttpUrl: 'Webhook node {{node}} has url {{url}}, which is not an http(s) URL; write a full address such as "https://api.example.com/hook".',
    },
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      // A saved tool carries its own request; the node has no url or method, and that is not a defect.
      if (node.type !== "Webhook" || isSavedToolWebhook(nodeData(node))) continue;
      const url = nodeData(node).url;
      if (typeof url === "string" && (isHttpUrl(url.trim()) || LEADING_VARIABLE.test(url.trim()))) continue;
      report({
        pointer: url === undefined ? nodePointer(index) : nodePointer(index, "url"),
        messageId: url === undefined ? "noUrl" : "notHttpUrl",
        data: { node: describeNode(node), url: JSON.stringify(url) },
      });
    }
  },
});
