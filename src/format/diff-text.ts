// The human diff format: changes grouped by node and edge, coloured, long strings shown word by word.
import { toCount } from "../escape/count.js";
import pc from "picocolors";
import type { PathwayChange, TextDiff, WordPart } from "../diff/index.js";
import { escapeTerminalText } from "../escape/terminal.js";
import {
  describeEntity,
  groupChanges,
  toFieldPath,
  toElidedWords,
  toHunkWords,
  toKindLine,
  toShortContext,
  toShortValue,
  toSummaryLine,
  toUnitName,
  type DiffFormatter,
} from "./diff-report.js";

type Colors = ReturnType<typeof pc.createColors>;

function wordLine(words: readonly WordPart[], c: Colors, useMarkers: boolean): string {
  return words
    .map((w) => {
      const value = escapeTerminalText(w.value);
      if (w.removed) return useMarkers ? `[-${value}-]` : c.red(c.strikethrough(value));
      if (w.added) return useMarkers ? `{+${value}+}` : c.green(c.underline(value));
      return value;
    })
    .join("");
}

function fieldLine(change: PathwayChange, c: Colors, color: boolean): string[] {
  const field = escapeTerminalText(toFieldPath(change.path) || "(value)");
  // JSON escapes C0 controls but leaves DEL, C1 and bidirectional controls: values pass the terminal escaper too.
  const value = (v: unknown) => escapeTerminalText(toShortValue(v));
  if (change.op === "add") return [`    ${c.green("+")} ${field}: ${c.green(value(change.after))}`];
  if (change.op === "remove") return [`    ${c.red("-")} ${field}: ${c.red(value(change.before))}`];
  if (change.words) {
    const text = wordLine(toElidedWords(change.words), c, !color).replace(/\n/g, "\n        ");
    return [`    ${c.yellow("~")} ${field}:`, `        ${text}`];
  }
  if (change.textDiff) {
    const d = change.textDiff;
    // One hunk of lines: its @@ header goes on the field's line, which keeps a one-word change short.
    const lines = hunkLines(d, c, color);
    if (d.unit !== "sentence" && d.hunks.length === 1)
      return [`    ${c.yellow("~")} ${field} ${lines[0]!.trim()} ${c.dim(`of ${d.newUnits} ${toUnitName(d.unit, d.newUnits)}`)}`, ...lines.slice(1)];
    return [`    ${c.yellow("~")} ${field}: ${textDiffHeader(d)}`, ...lines];
  }
  return [`    ${c.yellow("~")} ${field}: ${c.red(value(change.before))} → ${c.green(value(change.after))}`];
}

function textDiffHeader(d: TextDiff): string {
  if (d.sameJson) return "same JSON, only formatting or key order differs";
  const changed = d.hunks.reduce((n, h) => n + h.lines.filter((l) => l.op !== " ").length, 0);
  const what = d.unit === "json" ? "JSON, compared as JSON" : `${d.oldUnits} → ${d.newUnits} ${toUnitName(d.unit, d.newUnits)}`;
  return `${what}; ${changed} changed in ${toCount(d.hunks.length, "hunk")}`;
}

/**
 * The hunks of a long string. Sentences of one-line text stay on one line per hunk (the text was one line), with the
 * edit marked inside; lines get a unified-diff hunk header and one line each.
 */
function hunkLines(d: TextDiff, c: Colors, color: boolean): string[] {
  const out: string[] = [];
  const removed = (t: string) => (color ? c.red(c.strikethrough(t)) : `[-${t}-]`);
  const added = (t: string) => (color ? c.green(c.underline(t)) : `{+${t}+}`);
  for (const hunk of d.hunks) {
    if (d.unit === "sentence") {
      // The hunk was one line of text: shown as one line, unchanged stretches past a few hundred characters cut.
      const text = wordLine(toElidedWords(toHunkWords(hunk), 300), c, !color).trimEnd();
      const head = hunk.oldStart > 1 && !text.startsWith("…") ? "… " : "";
      const tail = hunk.oldStart + hunk.oldCount - 1 < d.oldUnits && !text.endsWith("…") ? " …" : "";
      out.push(`        ${c.cyan(`@@ sentence ${hunk.newStart}`)} ${head}${text}${tail}`);
      continue;
    }
    out.push(`        ${c.cyan(`@@ -${hunk.oldStart},${hunk.oldCount} +${hunk.newStart},${hunk.newCount} @@`)}`);
    for (const l of hunk.lines) {
      const t = escapeTerminalText(l.text);
      if (l.op === " ") out.push(`          ${c.dim(toShortContext(t))}`);
      else if (l.op === "-") out.push(`        ${c.red(`- ${t}`)}`);
      else if (l.op === "+") out.push(`        ${c.green(`+ ${t}`)}`);
      else if (color) {
        const words = toElidedWords(l.words ?? []);
        out.push(
          `        ${c.red("- ")}${wordLine(
            words.filter((w) => !w.added),
            c,
            false,
          )}`,
        );
        out.push(
          `        ${c.green("+ ")}${wordLine(
            words.filter((w) => !w.removed),
            c,
            false,
          )}`,
        );
      } else out.push(`        ~ ${wordLine(toElidedWords(l.words ?? []), c, true)}`);
    }
  }
  return out;
}

/** Formats a diff for a terminal: a header line with the summary, likely losses, then one block per changed node or edge. */
export const formatDiffText: DiffFormatter = (input, options = {}) => {
  const color = options.color ?? false;
  const c = pc.createColors(color);
  const { diff } = input;
  // One header line, summary included (as the Markdown puts its table first): a small change stays a few lines.
  const header = `${c.red(`--- ${escapeTerminalText(input.labelA)}`)} ${c.green(`+++ ${escapeTerminalText(input.labelB)}`)}`;
  if (diff.equal)
    return `${header}: ${c.green("✔")} no differences${diff.ignoredFields.length ? c.dim(" (layout fields ignored; --include-layout compares them)") : ""}\n`;
  const kinds = toKindLine(diff);
  const out: string[] = [
    `${header}: ${c.bold(toSummaryLine(diff.summary))}${kinds ? c.dim(` (${kinds})`) : ""}${options.only?.length ? c.dim(` [only ${options.only.join(", ")}]`) : ""}`,
  ];
  if (diff.losses.length > 0) {
    out.push(c.yellow(c.bold(`⚠ ${toCount(diff.losses.length, "likely loss", "likely losses")} to confirm:`)));
    for (const loss of diff.losses) out.push(`  ${c.yellow("⚠")} ${escapeTerminalText(loss.message)}`);
  }
  for (const group of groupChanges(diff.changes)) {
    const first = group.changes[0]!;
    const what = escapeTerminalText(describeEntity(first));
    out.push("");
    if (first.path.length === 0 && first.op === "add") {
      const type = first.entity === "node" ? (first.after as { type?: unknown } | undefined)?.type : undefined;
      out.push(c.green(`+ ${what} added${typeof type === "string" ? ` (${escapeTerminalText(type)})` : ""}`));
      continue;
    }
    if (first.path.length === 0 && first.op === "remove") {
      out.push(c.red(`- ${what} removed`));
      continue;
    }
    const fields = group.changes.filter((ch) => ch.op !== "rename");
    const rename = group.changes.find((ch) => ch.op === "rename");
    if (!rename && fields.length === 1 && fields[0]!.op === "change") {
      // One changed field: on the entity's line, its detail four columns in.
      const [line, ...rest] = fieldLine(fields[0]!, c, color);
      out.push(`${c.yellow(`~ ${what}`)} ${line!.trimStart()}`, ...rest.map((l) => l.replace(/^ {4}/, "")));
      continue;
    }
    out.push(
      c.yellow(`~ ${what}`) +
        (rename ? c.cyan(` renamed from id ${escapeTerminalText(rename.fromId ?? "")} (${Math.round((rename.similarity ?? 0) * 100)}% similar)`) : ""),
    );
    for (const change of fields) out.push(...fieldLine(change, c, color));
  }
  return `${out.join("\n")}\n`;
};
