// The diff as Markdown for a pull-request comment: a summary, then one section per changed node or edge.
import { escapeHtml } from "../escape/html.js";
import { defuseMentions, escapeMarkdownText } from "../escape/markdown.js";
import { describeEntity, groupChanges, toFieldPath, toShortValue, toSummaryLine, type DiffFormatter, type FormattableChange } from "./diff-report.js";

/** Inline code that survives backticks inside the value. */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text.replace(/\n/g, " ")}${pad}${fence}`;
}

/**
 * Escapes Markdown (and HTML) syntax in plain text such as node names: the one Markdown escaper (newlines folded, so
 * a name cannot end a heading; `@` defused). Kept under this name for the library API.
 */
export const toMarkdownText: (text: string) => string = escapeMarkdownText;

function fieldItem(change: FormattableChange): string[] {
  const field = code(toFieldPath(change.path) || "(value)");
  if (change.op === "add") return [`- ${field} added: ${code(toShortValue(change.after, 200))}`];
  if (change.op === "remove") return [`- ${field} removed (was ${code(toShortValue(change.before, 200))})`];
  if (change.words) {
    const body = change.words
      .map((w) => {
        const text = defuseMentions(escapeHtml(w.value)).replace(/\n/g, "<br>");
        return w.removed ? `<del>${text}</del>` : w.added ? `<ins>${text}</ins>` : text;
      })
      .join("");
    return [`- ${field} changed:`, "", `  <blockquote>${body}</blockquote>`, ""];
  }
  return [`- ${field}: ${code(toShortValue(change.before, 200))} → ${code(toShortValue(change.after, 200))}`];
}

/** Formats a diff as GitHub-flavoured Markdown. */
export const formatDiffMd: DiffFormatter = (input) => {
  const { diff } = input;
  const out = [`### Pathway diff: ${code(input.labelA)} → ${code(input.labelB)}`, ""];
  if (diff.equal) {
    out.push("No differences.");
    return out.join("\n") + "\n";
  }
  out.push(`**${toSummaryLine(diff)}**`, "");
  for (const group of groupChanges(diff.changes)) {
    const first = group.changes[0]!;
    const what = toMarkdownText(describeEntity(first));
    if (first.path.length === 0 && first.op === "add") {
      out.push(`#### ➕ Added ${what}`, "");
      continue;
    }
    if (first.path.length === 0 && first.op === "remove") {
      out.push(`#### ➖ Removed ${what}`, "");
      continue;
    }
    const rename = group.changes.find((c) => c.op === "rename");
    out.push(`#### ✏️ Changed ${what}`, "");
    if (rename) out.push(`- id renamed from ${code(rename.fromId ?? "")} (${Math.round((rename.similarity ?? 0) * 100)}% similar content)`);
    for (const change of group.changes) if (change.op !== "rename") out.push(...fieldItem(change));
    out.push("");
  }
  if (diff.ignoredFields.length > 0) out.push(`<sub>Layout and editor-only fields ignored (${diff.ignoredFields.length}); run with \`--include-layout\` to compare them.</sub>`);
  return out.join("\n") + "\n";
};
