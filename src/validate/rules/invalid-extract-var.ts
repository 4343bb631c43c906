// extractVars tell the model what to collect: each a tuple [name, type, description, ...] with a usable, unique name.
import { describeNode, nodeData, type IndexedNode } from "../../model/pathway.js";
import { EXTRACT_VAR_TYPES } from "../../model/vocabulary.js";
import { definePathwayRule, type RuleReport } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

// Hyphens pass: the service's own exports name variables like `bland-prompt` (hyphenated-variable-name notes what is not
// documented about them); a name that starts with a digit or holds spaces or other signs is not one.
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const TYPES: readonly unknown[] = EXTRACT_VAR_TYPES;

type MessageId = "notArray" | "notTuple" | "badName" | "duplicateName" | "badType" | "noDescription";

/**
 * Checks one node's extractVars. A function of its own: its callbacks, written inside the loop over nodes, would make V8
 * allocate that loop's variables on every pass, for the many nodes without extractVars too.
 */
function checkVariables({ node, index }: IndexedNode, vars: unknown, report: (report: RuleReport<MessageId>) => void): void {
  const where = `node ${describeNode(node)}`;
  if (!Array.isArray(vars)) {
    report({ pointer: nodePointer(index, "extractVars"), messageId: "notArray", data: { where } });
    return;
  }
  const seen = new Set<string>();
  vars.forEach((tuple: unknown, v) => {
    const at = (...path: number[]) => nodePointer(index, "extractVars", v, ...path);
    if (!Array.isArray(tuple) || tuple.length < 3) {
      report({ pointer: at(), messageId: "notTuple", data: { value: v, where, tuple: JSON.stringify(tuple) } });
      return;
    }
    const [name, type, description] = tuple as unknown[];
    if (typeof name !== "string" || !IDENTIFIER.test(name)) {
      report({ pointer: at(0), messageId: "badName", data: { name: JSON.stringify(name), where } });
    } else if (seen.has(name)) {
      report({ pointer: at(0), messageId: "duplicateName", data: { name, where } });
    } else seen.add(name);
    if (!TYPES.includes(type)) {
      report({
        pointer: at(1),
        messageId: "badType",
        data: { name: JSON.stringify(name), where, type: JSON.stringify(type), EXTRACT_VAR_TYPES: EXTRACT_VAR_TYPES.join(", ") },
      });
    }
    if (typeof description !== "string" || description.trim() === "") {
      report({ pointer: at(2), messageId: "noDescription", data: { name: JSON.stringify(name), where } });
    }
  });
}

export default definePathwayRule({
  meta: {
    id: "invalid-extract-var",
    description: `\`extractVars\` is an array of [name, type, description, ...] tuples: name of letters, digits, underscores or hyphens, unique in the node, type one of ${EXTRACT_VAR_TYPES.join(", ")}, a non-empty description.`,
    defaultSeverity: "error",
    set: "validate",
    messages: {
      notArray: "extractVars of {{where}} must be an array of [name, type, description] tuples.",
      notTuple: "extractVars[{{value}}] of {{where}} must be a tuple [name, type, description]; found {{tuple}}.",
      badName: "Variable name {{name}} in {{where}} is not a name a placeholder can read; use letters, digits and underscores, not starting with a digit.",
      duplicateName: 'Variable "{{name}}" is extracted twice in {{where}}; remove one of the two tuples.',
      badType: "Variable {{name}} in {{where}} has type {{type}}; use one of {{EXTRACT_VAR_TYPES}}.",
      noDescription: "Variable {{name}} in {{where}} has no description; say what the model should extract.",
    },
  },
  check({ nodes }, report) {
    for (const entry of nodes) {
      const vars = nodeData(entry.node).extractVars as unknown;
      if (vars !== undefined) checkVariables(entry, vars, report);
    }
  },
});
