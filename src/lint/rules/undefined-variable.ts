// A `{{variable}}` nothing sets reaches the model as literal braces, which it may read aloud.
import { createNameMatcher, definePathwayRule } from "../../rules/index.js";
import { describeNode } from "../../model/pathway.js";
import { getLintFacts } from "../facts.js";
import { describeUse, useReport } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "undefined-variable",
    description:
      "Every `{{variable}}` is a system variable, a declared request_data variable, or set by a node: extractVars, webhook responseData, a node tool's response_data, a saved tool's response mapping the file carries, or a Custom Code result.",
    defaultSeverity: "warning",
    set: "lint",
    hasSuggestions: true,
    messages: {
      undefinedVariable:
        '{{{{useName}}}} in {{use}} is never defined: no extractVars, webhook responseData, tool response_data, saved tool response or Custom Code result sets it and it is not a system variable; extract it in an earlier node, or declare it in pathway.config.json "variables.requestData" if the call\'s request_data provides it.',
      useNear: "Use {{{{name}}}}, which node {{node}} sets",
    },
  },
  check(context, report) {
    const { graph, variableFindings, definitions } = getLintFacts(context);
    // One matcher and one table of setters for every unset read: the names are prepared once, not once per read.
    let nearest: ((name: string) => string | undefined) | undefined;
    let setters: Map<string, (typeof definitions)[number]> | undefined;
    for (const use of variableFindings.undefined) {
      const found = useReport(use, "undefinedVariable", { useName: use.name, use: describeUse(graph, use) });
      // A misspelled name of a variable some node sets: offered, never applied (the user may mean a new variable).
      if (!nearest || !setters) {
        setters = new Map();
        for (const d of definitions) if (!setters.has(d.name)) setters.set(d.name, d);
        nearest = createNameMatcher([...setters.keys()]);
      }
      const near = use.name.includes(".") ? undefined : nearest(use.name);
      const setter = near === undefined ? undefined : setters.get(near)!;
      report(
        setter === undefined
          ? found
          : {
              ...found,
              suggest: [
                {
                  messageId: "useNear",
                  data: { name: setter.name, node: describeNode(graph.nodes[graph.indexOf.get(setter.nodeId)!]!.node) },
                  edit: { pointer: found.pointer, span: found.span!, value: `{{${setter.name}}}` },
                },
              ],
            },
      );
    }
  },
});
