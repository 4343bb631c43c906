// The diff as Markdown for a pull-request comment: a summary table, likely losses, then details that fit GitHub's limit.
import { toCount } from "../escape/count.js";
import type { PathwayChange, PathwayDiff, TextDiff, WordPart } from "../diff/index.js";
import { escapeMarkdownText, toMarkdownCodeSpan, toMarkdownFence, toMarkdownHtmlText } from "../escape/markdown.js";
import {
  describeEntity,
  groupChanges,
  toFieldPath,
  toElidedWords,
  toHunkWords,
  toOldText,
  toShortContext,
  toShortValue,
  toSummaryLine,
  toUnitName,
  type DiffFormatter,
} from "./diff-report.js";

/** GitHub refuses comments longer than this many characters. */
const GITHUB_COMMENT_LIMIT = 65_536;

const MAX_LOSSES = 50;

/** Word parts as HTML with <del> and <ins> (GitHub renders both inside Markdown). */
function wordsHtml(words: readonly WordPart[]): string {
  return words
    .map((w) => {
      const text = toMarkdownHtmlText(w.value);
      return w.removed ? `<del>${text}</del>` : w.added ? `<ins>${text}</ins>` : text;
    })
    .join("");
}

function textDiffItem(field: string, d: TextDiff): string[] {
  if (d.sameJson) return [`- ${field}: same JSON, only formatting or key order differs`];
  const what = d.unit === "json" ? "compared as JSON" : `${d.oldUnits} → ${d.newUnits} ${toUnitName(d.unit, d.newUnits)}`;
  const out = [`- ${field} changed (${what}):`, ""];
  if (d.unit === "sentence") {
    for (const hunk of d.hunks) {
      const body = wordsHtml(toElidedWords(toHunkWords(hunk), 300)).trimEnd();
      const head = hunk.oldStart > 1 && !body.startsWith("…") ? "… " : "";
      const tail = hunk.oldStart + hunk.oldCount - 1 < d.oldUnits && !body.endsWith("…") ? " …" : "";
      out.push(`  <blockquote>${head}${body}${tail}</blockquote>`, "");
    }
    return out;
  }
  const lines: string[] = [];
  for (const hunk of d.hunks) {
    lines.push(`@@ -${hunk.oldStart},${hunk.oldCount} +${hunk.newStart},${hunk.newCount} @@`);
    for (const l of hunk.lines) {
      if (l.op === "~") lines.push(`-${toOldText(l.words ?? [])}`, `+${l.text}`);
      else lines.push(`${l.op}${l.op === " " ? toShortContext(l.text) : l.text}`);
    }
  }
  out.push(...toMarkdownFence("diff", lines).map((l) => `  ${l}`), "");
  return out;
}

function fieldItem(change: PathwayChange): string[] {
  const field = toMarkdownCodeSpan(toFieldPath(change.path) || "(value)");
  if (change.op === "add") return [`- ${field} added: ${toMarkdownCodeSpan(toShortValue(change.after, 200))}`];
  if (change.op === "remove") return [`- ${field} removed (was ${toMarkdownCodeSpan(toShortValue(change.before, 200))})`];
  if (change.words) return [`- ${field} changed:`, "", `  <blockquote>${wordsHtml(toElidedWords(change.words))}</blockquote>`, ""];
  if (change.textDiff) return textDiffItem(field, change.textDiff);
  return [`- ${field}: ${toMarkdownCodeSpan(toShortValue(change.before, 200))} → ${toMarkdownCodeSpan(toShortValue(change.after, 200))}`];
}

/** The summary tables: entities by operation, and changes by kind. */
function summaryTables(diff: PathwayDiff): string[] {
  const s = diff.summary;
  const out = ["| | added | removed | renamed | changed |", "|---|---:|---:|---:|---:|"];
  out.push(`| nodes | ${s.nodesAdded} | ${s.nodesRemoved} | ${s.nodesRenamed} | ${s.nodesChanged} |`);
  out.push(`| edges | ${s.edgesAdded} | ${s.edgesRemoved} | – | ${s.edgesChanged} |`);
  if (s.pathwayFieldsChanged > 0) out.push(`| pathway fields | – | – | – | ${s.pathwayFieldsChanged} |`);
  const kinds = Object.entries(s.byKind).filter(([, n]) => n > 0);
  if (kinds.length > 0)
    out.push("", `| ${kinds.map(([k]) => k).join(" | ")} |`, `|${kinds.map(() => "---:").join("|")}|`, `| ${kinds.map(([, n]) => n).join(" | ")} |`);
  return out;
}

/** One `<details>` section per changed node or edge, as [summary line, body]. */
function detailSections(diff: PathwayDiff): { title: string; body: string }[] {
  return groupChanges(diff.changes).map((group) => {
    const first = group.changes[0]!;
    const what = escapeMarkdownText(describeEntity(first));
    const kinds = [...new Set(group.changes.map((c) => c.kind))];
    const tag = kinds.length > 0 ? ` <sub>${kinds.join(", ")}</sub>` : "";
    if (first.path.length === 0 && first.op === "add") {
      const type = first.entity === "node" ? (first.after as { type?: unknown } | undefined)?.type : undefined;
      return { title: `➕ Added ${what}${typeof type === "string" ? ` (${escapeMarkdownText(type)})` : ""}${tag}`, body: "" };
    }
    if (first.path.length === 0 && first.op === "remove") return { title: `➖ Removed ${what}${tag}`, body: "" };
    const lines: string[] = [];
    const rename = group.changes.find((c) => c.op === "rename");
    if (rename) lines.push(`- id renamed from ${toMarkdownCodeSpan(rename.fromId ?? "")} (${Math.round((rename.similarity ?? 0) * 100)}% similar content)`);
    for (const change of group.changes) if (change.op !== "rename") lines.push(...fieldItem(change));
    return { title: `✏️ Changed ${what}${tag}`, body: lines.join("\n") };
  });
}

function renderSection(section: { title: string; body: string }): string {
  if (section.body === "") return `- ${section.title}`;
  return `<details><summary>${section.title}</summary>\n\n${section.body.trimEnd()}\n\n</details>`;
}

/**
 * Formats a diff as GitHub-flavoured Markdown: a summary table, likely losses, then one collapsed section per changed
 * node or edge. Past `maxChars` (default GITHUB_COMMENT_LIMIT) the largest sections are cut, largest first, and a note
 * at the top says so and how to get the full diff; it never cuts silently.
 */
export const formatDiffMd: DiffFormatter = (input, options = {}) => {
  const { diff } = input;
  const maxChars = options.maxChars ?? GITHUB_COMMENT_LIMIT;
  const head = [`### Pathway diff: ${toMarkdownCodeSpan(input.labelA)} → ${toMarkdownCodeSpan(input.labelB)}`, ""];
  if (options.only?.length) head.push(`<sub>Only ${options.only.map(escapeMarkdownText).join(", ")} changes.</sub>`, "");
  if (diff.equal) return `${[...head, "No differences."].join("\n")}\n`;
  head.push(`**${toSummaryLine(diff.summary)}**`, "", ...summaryTables(diff), "");
  if (diff.losses.length > 0) {
    head.push(`#### ⚠️ Likely losses (${diff.losses.length}): confirm they were meant`, "");
    // A long list would crowd out the details; the rest are in the text and JSON output.
    for (const loss of diff.losses.slice(0, MAX_LOSSES)) head.push(`- ${escapeMarkdownText(loss.message)}`);
    if (diff.losses.length > MAX_LOSSES) head.push(`- … and ${diff.losses.length - MAX_LOSSES} more (see \`--format text\`).`);
    head.push("");
  }
  const foot =
    diff.ignoredFields.length > 0
      ? [`<sub>Layout and editor-only fields ignored (${diff.ignoredFields.length}); run with \`--include-layout\` to compare them.</sub>`]
      : [];
  const sections = detailSections(diff);
  const rendered = sections.map(renderSection);
  const join = (note: string[]) => `${[...head, ...note, ...rendered.map((r) => `${r}\n`), ...foot].join("\n")}\n`;
  const text = join([]);
  if (maxChars <= 0 || text.length <= maxChars) return text;

  // Too long: shorten the largest sections first until it fits (the note's length is reserved up front).
  const full = options.fullDiffCommand ?? `pathway diff ${input.labelA} ${input.labelB} --format md --max-chars 0`;
  const noteFor = (cut: number, dropped: number) => [
    `> [!WARNING]`,
    `> This diff was shortened to fit ${maxChars} characters: ${toCount(cut, "section")} cut${dropped ? `, ${dropped} left out` : ""}. Full diff: ${toMarkdownCodeSpan(full)}`,
    "",
  ];
  const reserve = noteFor(sections.length, sections.length).join("\n").length + 1;
  const order = rendered.map((r, i) => ({ i, size: r.length })).sort((x, y) => y.size - x.size || x.i - y.i);
  let cut = 0;
  let total = text.length + reserve;
  for (const { i } of order) {
    if (total <= maxChars) break;
    const stub = `<details><summary>${sections[i]!.title}</summary>\n\n_Cut to fit the comment (${rendered[i]!.length} characters); see the full diff._\n\n</details>`;
    if (stub.length >= rendered[i]!.length) continue;
    total -= rendered[i]!.length - stub.length;
    rendered[i] = stub;
    cut++;
  }
  // Still too long (thousands of sections): leave out the last ones, and say how many.
  let dropped = 0;
  while (total > maxChars && rendered.length > 0) {
    total -= rendered.pop()!.length + 2;
    dropped++;
  }
  // Even the summary and losses may not fit a small limit: the last resort is a hard cut, never more than maxChars.
  return cutMarkdown(join(noteFor(cut, dropped)), maxChars, full);
};

/** Characters of the diff a hard cut's marker leaves at least, when a longer marker would not. */
const MIN_KEPT = 40;

/**
 * `markdown` cut to at most `maxChars` characters (UTF-16 units, which never undercount), at a line end where one is
 * near, ending with a marker that says so and names `fullCommand`; unchanged when it fits. The marker shrinks with the
 * limit (a warning, a short line, then `…`), each used only where MIN_KEPT characters of the diff still fit before it,
 * so the result stays within any limit of 1 or more.
 */
export function cutMarkdown(markdown: string, maxChars: number, fullCommand: string): string {
  if (maxChars <= 0 || markdown.length <= maxChars) return markdown;
  const markers = [
    `\n\n> [!WARNING]\n> Cut at ${maxChars} characters; the full diff: ${toMarkdownCodeSpan(fullCommand)}\n`,
    `\n… (cut at ${maxChars} characters)\n`,
    "…",
  ];
  // A marker must leave room for some of the diff: a warning that filled the limit alone would show nothing else.
  const marker = markers.find((m) => m.length + MIN_KEPT <= maxChars) ?? "…";
  let kept = markdown.slice(0, maxChars - marker.length);
  // Prefer a whole line (most of the kept text stays), and never half of a surrogate pair.
  const lineEnd = kept.lastIndexOf("\n");
  if (lineEnd >= kept.length / 2) kept = kept.slice(0, lineEnd);
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return (kept + marker).slice(0, maxChars);
}
