// The version list and changelog of a remote pathway, for a terminal.
import { toCount, toNounForm } from "../escape/count.js";
import pc from "picocolors";
import type { PathwayLog, PathwayVersionInfo } from "../remote/index.js";
import { escapeTerminalLine, escapeTerminalText } from "../escape/terminal.js";
import { toSummaryLine } from "./diff-report.js";

/** A version's marks beside it: production, staging, draft, the local file's content (see listMarkedVersions). */
type Marks = { production?: true; staging?: true; draft?: true; matchesLocal?: true };

/** Where production and staging are, as the service says ("unknown" when it does not), and the file compared. */
export interface VersionsFooter {
  production: number | "unknown";
  staging: number | "unknown";
  local?: { file: string; notCompared: number[] };
}

function marksOf(v: PathwayVersionInfo & Marks, local?: string): string {
  const marks = [
    v.isLatest && "latest",
    v.production && "production",
    v.staging && "staging",
    v.draft && "draft",
    v.matchesLocal && `matches ${local ?? "local file"}`,
  ];
  return marks.filter(Boolean).join(", ");
}

/** Formats the versions of a pathway as a table, newest first, with their marks and, given a footer, where production and staging are. */
export function formatVersionsText(
  id: string,
  versions: readonly (PathwayVersionInfo & Marks)[],
  options: { color?: boolean; footer?: VersionsFooter } = {},
): string {
  const c = pc.createColors(options.color ?? false);
  const footer = options.footer;
  const where = (n: number | "unknown") => (n === "unknown" ? "unknown (the service does not say)" : `version ${n}`);
  const tail = footer ? [c.dim(`production: ${where(footer.production)}; staging: ${where(footer.staging)}`)] : [];
  if (footer?.local?.notCompared.length)
    tail.push(
      c.dim(
        `not compared with ${escapeTerminalText(footer.local.file)}: ${toNounForm(footer.local.notCompared.length, "version")} ${footer.local.notCompared.join(", ")}`,
      ),
    );
  if (versions.length === 0) return `${[`pathway ${escapeTerminalText(id)} has no saved versions.`, ...tail].join("\n")}\n`;
  // Every cell is text from the service: escaped here, at the one place rows are made, before widths are measured.
  const rows = [...versions]
    .reverse()
    .map((v) => [String(v.version), v.createdAt ?? "", v.name ?? "", marksOf(v, footer?.local?.file)].map(escapeTerminalLine));
  const widths = [0, 1, 2].map((i) => Math.max(["version", "date", "name"][i]!.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell))
      .join("  ")
      .trimEnd();
  return `${[c.bold(line(["version", "date", "name", ""])), ...rows.map((r) => (r[3] ? c.green(line(r)) : line(r))), ...tail].join("\n")}\n`;
}

/** Formats a changelog: one block per consecutive pair, newest first, with the summary by kind and likely losses. */
export function formatLogText(log: PathwayLog, options: { color?: boolean } = {}): string {
  const c = pc.createColors(options.color ?? false);
  const out: string[] = [];
  // Versions that could not be read are still listed below: "nothing to compare" alone would hide that they exist.
  if (log.entries.length === 0) out.push(`pathway ${escapeTerminalText(log.id)} has ${toCount(log.versions.length, "saved version")}: nothing to compare.`);
  for (const e of log.entries) {
    const date = e.to.createdAt ? c.dim(` (${escapeTerminalLine(e.to.createdAt)})`) : "";
    const name = e.to.name ? ` ${escapeTerminalText(JSON.stringify(e.to.name))}` : "";
    const where = [log.promoted?.production === e.to.version && "production", log.promoted?.staging === e.to.version && "staging"].filter(Boolean).join(", ");
    out.push(c.yellow(`version ${e.to.version}`) + name + date + (where ? c.green(` [in ${where}]`) : "") + c.dim(`  vs ${e.from.version}`));
    if (e.equal) out.push("    no differences");
    else {
      out.push(`    ${toSummaryLine(e.summary)}`);
      const kinds = Object.entries(e.summary.byKind).filter(([, n]) => n > 0);
      if (kinds.length > 0) out.push(`    ${kinds.map(([k, n]) => `${k} ${n}`).join(", ")}`);
      for (const loss of e.losses) out.push(`    ${c.yellow("⚠")} ${escapeTerminalText(loss.message)}`);
    }
    out.push("");
  }
  for (const u of log.unreadable) out.push(c.red(`✖ version ${u.version} could not be read (${escapeTerminalText(u.message)}); the log steps over it.`));
  if (log.omitted > 0) out.push(c.dim(`${toCount(log.omitted, "older version")} not shown; raise --limit to see them.`));
  return `${out.join("\n").trimEnd()}\n`;
}
