// Custom Code that does not parse cannot run: the node fails on every call and sets none of its variables.
import { describeNode } from "../../model/pathway.js";
import { defineRule } from "../../validate/rule.js";
import { getLintFacts } from "../facts.js";
import { noOptions, toPointer } from "./helpers.js";

export default defineRule({
  meta: {
    id: "custom-code-syntax-error",
    description: "The `code` of a Custom Code node parses as a JavaScript module.",
    defaultSeverity: "error",
    options: noOptions,
  },
  check(context, report) {
    const { graph, producers } = getLintFacts(context);
    for (const { nodeId, path, error } of producers.codeProblems) {
      const node = graph.nodes[graph.indexOf.get(nodeId)!]!.node;
      report({
        pointer: toPointer(path),
        span: { start: error.offset, end: error.offset },
        message: `The code of Custom Code node ${describeNode(node)} does not parse: ${error.message} at line ${error.line}, column ${error.column} of the code; fix it (the service cannot run it, and the variables it returns stay unset).`,
      });
    }
  },
});
