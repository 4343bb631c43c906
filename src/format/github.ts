// GitHub Actions workflow commands (::error file=...,line=...::message) so findings show as annotations on the diff.
import { escapeTerminalText } from "../escape/terminal.js";
import type { Formatter } from "./result.js";

// Workflow-command escaping, as in @actions/core: data escapes %, CR, LF; properties also : and ,. Every text goes
// through here, so control characters (ESC from a field name, C1, bidi) are made visible first: the Actions log is a
// terminal too, and a raw CR or ESC could hide or rewrite the annotation.
function escapeData(s: string): string {
  return escapeTerminalText(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** `--format github`: one workflow command per finding, shown by GitHub Actions as an annotation on the diff. */
export const formatGithub: Formatter = (results) => {
  const lines: string[] = [];
  for (const result of results) {
    for (const d of result.diagnostics) {
      const props = [`file=${escapeProperty(result.filePath)}`];
      if (d.range) {
        props.push(`line=${d.range.start.line}`, `col=${d.range.start.column}`, `endLine=${d.range.end.line}`, `endColumn=${d.range.end.column}`);
      }
      props.push(`title=${escapeProperty(`pathway ${d.ruleId}`)}`);
      lines.push(
        `::${d.severity === "error" ? "error" : d.severity === "info" ? "notice" : "warning"} ${props.join(",")}::${escapeData(`${d.message}${d.pointer ? ` (at ${d.pointer})` : ""}`)}`,
      );
    }
  }
  return lines.length ? `${lines.join("\n")}\n` : "";
};
