// Custom Code that does not parse cannot run: the node fails on every call and sets none of its variables.
import { describeNode } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { getLintFacts } from "../facts.js";
import { toPointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "custom-code-syntax-error",
    description: "The `code` of a Custom Code node parses as a JavaScript module.",
    defaultSeverity: "error",
    set: "lint",
    messages: {
      customCodeSyntaxError:
        "The code of Custom Code node {{node}} does not parse: {{errorMessage}} at line {{errorLine}}, column {{errorColumn}} of the code; fix it (the service cannot run it, and the variables it returns stay unset).",
    },
  },
  check(context, report) {
    const { graph, producers } = getLintFacts(context);
    for (const { nodeId, path, error } of producers.codeProblems) {
      const node = graph.nodes[graph.indexOf.get(nodeId)!]!.node;
      report({
        pointer: toPointer(path),
        span: { start: error.offset, end: error.offset },
        messageId: "customCodeSyntaxError",
        data: { node: describeNode(node), errorMessage: error.message, errorLine: error.line, errorColumn: error.column },
      });
    }
  },
});
