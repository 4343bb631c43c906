// The human diff format: changes grouped by node and edge, coloured, long strings shown word by word.
import pc from "picocolors";
import { describeEntity, groupChanges, toFieldPath, toSafeText, toShortValue, toSummaryLine, type DiffFormatter, type FormattableChange } from "./diff-report.js";

type Colors = ReturnType<typeof pc.createColors>;

function wordLine(change: FormattableChange, c: Colors, useMarkers: boolean): string {
  return (change.words ?? [])
    .map((w) => {
      const value = toSafeText(w.value);
      if (w.removed) return useMarkers ? `[-${value}-]` : c.red(c.strikethrough(value));
      if (w.added) return useMarkers ? `{+${value}+}` : c.green(c.underline(value));
      return value;
    })
    .join("");
}

function fieldLine(change: FormattableChange, c: Colors, color: boolean): string[] {
  const field = toFieldPath(change.path) || "(value)";
  if (change.op === "add") return [`    ${c.green("+")} ${field}: ${c.green(toShortValue(change.after))}`];
  if (change.op === "remove") return [`    ${c.red("-")} ${field}: ${c.red(toShortValue(change.before))}`];
  if (change.words) {
    const text = wordLine(change, c, !color).replace(/\n/g, "\n        ");
    return [`    ${c.yellow("~")} ${field}:`, `        ${text}`];
  }
  return [`    ${c.yellow("~")} ${field}: ${c.red(toShortValue(change.before))} → ${c.green(toShortValue(change.after))}`];
}

/** Formats a diff for a terminal: a header, one block per changed node or edge, and a summary line. */
export const formatDiffText: DiffFormatter = (input, options = {}) => {
  const color = options.color ?? false;
  const c = pc.createColors(color);
  const { diff } = input;
  const out: string[] = [c.red(`--- ${input.labelA}`), c.green(`+++ ${input.labelB}`)];
  if (diff.equal) return `${out.join("\n")}\n${c.green("✔")} no differences${diff.ignoredFields.length ? c.dim(" (layout fields ignored; --include-layout compares them)") : ""}\n`;
  for (const group of groupChanges(diff.changes)) {
    const first = group.changes[0]!;
    const what = describeEntity(first);
    out.push("");
    if (first.path.length === 0 && first.op === "add") {
      const type = first.entity === "node" ? (first.after as { type?: unknown } | undefined)?.type : undefined;
      out.push(c.green(`+ ${what} added${typeof type === "string" ? ` (${toSafeText(type)})` : ""}`));
      continue;
    }
    if (first.path.length === 0 && first.op === "remove") {
      out.push(c.red(`- ${what} removed`));
      continue;
    }
    const fields = group.changes.filter((ch) => ch.op !== "rename");
    const rename = group.changes.find((ch) => ch.op === "rename");
    out.push(c.yellow(`~ ${what}`) + (rename ? c.cyan(` renamed from id ${toSafeText(rename.fromId ?? "")} (${Math.round((rename.similarity ?? 0) * 100)}% similar)`) : ""));
    for (const change of fields) out.push(...fieldLine(change, c, color));
  }
  out.push("", c.bold(toSummaryLine(diff)));
  return out.join("\n") + "\n";
};
