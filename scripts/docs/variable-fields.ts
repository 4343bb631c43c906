// Renders docs/pathways.md's table of interpolated fields from the one list the variable analysis reads (VARIABLE_FIELDS).
import { GLOBAL_CONFIG_FIELD, SYSTEM_VARIABLES, VARIABLE_FIELDS, type VariableField } from "../../src/graph/index.js";

function row(f: VariableField, base: string): string {
  const path = [base, ...f.path].join(".").replace(/\.\*/g, "[*]");
  return `| ${f.name} | \`${path}\`${f.deep ? " (every string inside)" : ""} | ${f.types} | ${f.source} |`;
}

/** The Markdown table of fields the service fills `{{variables}}` into, then the system variables. */
export function renderVariableFieldTable(): string {
  return [
    "| field | where | node types | known from |",
    "|---|---|---|---|",
    ...VARIABLE_FIELDS.map((f) => row(f, "data")),
    row(GLOBAL_CONFIG_FIELD, "nodes[*]"),
    "",
    `System variables (always set): ${SYSTEM_VARIABLES.map((v) => `\`${v}\``).join(", ")}.`,
  ].join("\n");
}
