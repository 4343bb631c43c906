// A type the toolkit has never seen in a real file is probably a typo; it is a warning because the service may add types.
import { describeNode } from "../../model/pathway.js";
import { KNOWN_NODE_TYPES } from "../../model/vocabulary.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

const KNOWN: ReadonlySet<string> = new Set(KNOWN_NODE_TYPES);

function closest(type: string): string | undefined {
  const lower = type.toLowerCase().replace(/[\s_-]+/g, "");
  return KNOWN_NODE_TYPES.find((known) => known.toLowerCase().replace(/\s+/g, "") === lower);
}

export default definePathwayRule({
  meta: {
    id: "unknown-node-type",
    description: "Node types are ones seen in real pathways (Default, End Call, Transfer Call, Webhook, Route, ...).",
    defaultSeverity: "warning",
    set: "validate",
    messages: {
      unknownNodeType: "Node {{node}} has unknown type {{nodeType}}; {{detail}}",
    },
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      if (typeof node.type !== "string" || node.type === "" || KNOWN.has(node.type)) continue;
      const hint = closest(node.type);
      report({
        pointer: `${nodePointer(index)}/type`,
        messageId: "unknownNodeType",
        data: {
          node: describeNode(node),
          nodeType: JSON.stringify(node.type),
          detail: hint ? `did you mean "${hint}"?` : `known types are ${KNOWN_NODE_TYPES.join(", ")}.`,
        },
      });
    }
  },
});
