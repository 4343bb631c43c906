// A variable extracted but never used costs the model effort on every turn of that node and may be a misspelling.
import { isObject, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { getLintFacts } from "../facts.js";
import { describeAt, toPointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "unused-extracted-variable",
    description: "Every extracted variable is used somewhere: in a `{{variable}}`, a route condition or a webhook response route.",
    defaultSeverity: "warning",
    set: "lint",
    messages: {
      unusedExtractedVariable:
        'Variable "{{dName}}" extracted in node {{graphIndexOf}} is never used in a prompt, condition, route or webhook; use it, or remove the extraction (if it is collected only for the call record, suppress this finding in pathway.config.json).',
    },
  },
  check(context, report) {
    const { graph, uses, definitions } = getLintFacts(context);
    const used = new Set<string>();
    for (const use of uses) {
      used.add(use.name);
      used.add(use.root);
    }
    for (const { node } of graph.nodes) {
      const data = nodeData(node);
      if (Array.isArray(data.routes)) {
        for (const route of data.routes) {
          if (!isObject(route) || !Array.isArray(route.conditions)) continue;
          for (const condition of route.conditions) if (isObject(condition) && typeof condition.field === "string") used.add(condition.field.trim());
        }
      }
      if (Array.isArray(data.responsePathways))
        for (const tuple of data.responsePathways) if (Array.isArray(tuple) && typeof tuple[0] === "string") used.add(tuple[0].trim());
    }
    for (const { edge } of context.edges) {
      const conditions = isObject(edge.data) ? edge.data.condition : undefined;
      if (Array.isArray(conditions)) for (const c of conditions) if (isObject(c) && typeof c.field === "string") used.add(c.field.trim());
    }
    for (const d of definitions) {
      if (d.source !== "extractVars" || used.has(d.name)) continue;
      report({
        pointer: toPointer(d.path),
        messageId: "unusedExtractedVariable",
        data: { dName: d.name, graphIndexOf: describeAt(graph, graph.indexOf.get(d.nodeId)!) },
      });
    }
  },
});
