// Pure formatters of `pathway usage`: the numbers and campaigns that use a pathway and their findings, for a terminal and for a pull-request comment.
import pc from "picocolors";
import { toCount } from "../escape/count.js";
import { escapeMarkdownText, toMarkdownCodeSpan } from "../escape/markdown.js";
import { escapeTerminalLine, escapeTerminalText } from "../escape/terminal.js";
import type { Diagnostic } from "../diagnostics/index.js";
import { isActiveCampaign, type CampaignSequence, type CampaignUse, type InboundUse, type PathwayUsage } from "./usage.js";

/** Options of the usage formatters; all optional. */
export interface UsageFormatOptions {
  /** ANSI colours (text only; default false). */
  color?: boolean;
  /** Numbers and campaigns listed with their findings before "and N more" (default 100; JSON lists every one). */
  limit?: number;
  /** The command that shows everything, for the "and N more" note (default `pathway usage <id> --format json`). */
  more?: string;
}

/** A sequence as a line names it: `s2 (step 1)`. */
function sequenceName(s: CampaignSequence): string {
  return `${s.seqId}${s.step === undefined ? "" : ` (step ${s.step})`}`;
}

/** What a campaign is doing, in words: state, current sequence and whether it calls with the pathway. */
function describeCampaign(c: CampaignUse): string {
  const state = c.state === undefined ? "state not given" : c.state;
  const current =
    c.current === undefined
      ? "current sequence not given"
      : `current sequence ${sequenceName(c.current)}${c.current.callsWithPathway ? " calls with it" : " does not call with it"}`;
  return `${state}; ${current}; calls with it in ${c.sequences.map(sequenceName).join(", ")}`;
}

function countsOf(findings: readonly Diagnostic[]): string {
  if (findings.length === 0) return "no findings";
  const errors = findings.filter((d) => d.severity === "error").length;
  const warnings = findings.filter((d) => d.severity === "warning").length;
  const notes = findings.length - errors - warnings;
  return [errors && toCount(errors, "error"), warnings && toCount(warnings, "warning"), notes && toCount(notes, "note")].filter(Boolean).join(", ");
}

/** Numbers with the same findings, together: 200 numbers of one pathway usually share one finding, said once. */
function groupByFindings(numbers: readonly InboundUse[]): { numbers: InboundUse[]; findings: Diagnostic[] }[] {
  const groups = new Map<string, { numbers: InboundUse[]; findings: Diagnostic[] }>();
  for (const n of numbers) {
    const key = JSON.stringify(n.findings.map((d) => [d.ruleId, d.severity, d.message, d.pointer, d.range?.start]));
    const group = groups.get(key);
    if (group) group.numbers.push(n);
    else groups.set(key, { numbers: [n], findings: n.findings });
  }
  return [...groups.values()];
}

/** A number as a list names it, with the `pathway_version` its configuration pins, written by `number` and `text`. */
function numberLabel(n: InboundUse, number: (text: string) => string, text: (text: string) => string): string {
  return n.pathwayVersion === undefined
    ? number(n.phoneNumber)
    : `${number(n.phoneNumber)} ${text(`(pathway_version ${String(n.pathwayVersion)}, not in the API reference)`)}`;
}

/** A list of names, the first `limit` of them and how many more. */
function listed<T>(items: readonly T[], limit: number, write: (item: T) => string): string {
  return `${items.slice(0, limit).map(write).join(", ")}${items.length > limit ? `, and ${items.length - limit} more` : ""}`;
}

function where(d: Diagnostic): string {
  return d.range ? `${d.range.start.line}:${d.range.start.column}` : "-";
}

/** The report for a terminal: the summary, then each number and campaign with its findings, then what was not read. */
export function formatUsageText(usage: PathwayUsage, options: UsageFormatOptions = {}): string {
  const c = pc.createColors(options.color ?? false);
  const limit = options.limit ?? 100;
  const more = options.more ?? `pathway usage ${usage.id} --format json`;
  const out: string[] = [
    escapeTerminalText(usage.summary),
    c.dim(`Checked against ${escapeTerminalLine(usage.checkedAgainst)}${usage.numbersShown ? "" : "; numbers masked"}.`),
    "",
  ];
  const finding = (d: Diagnostic) => {
    const level = d.severity === "error" ? c.red("error") : d.severity === "info" ? c.blue("info") : c.yellow("warning");
    out.push(
      `    ${c.dim(where(d).padEnd(8))} ${level}  ${escapeTerminalText(d.message)}  ${c.dim(d.ruleId)}`,
      `    ${c.dim(`at ${escapeTerminalLine(d.pointer || "/")}`)}`,
    );
  };
  const { inbound, campaigns } = usage;
  out.push(
    c.bold(`Inbound numbers that answer with ${escapeTerminalLine(usage.id)}: ${inbound.numbers.length} (of ${toCount(inbound.read, "configuration")} read)`),
  );
  const terminalLabel = (n: InboundUse) => numberLabel(n, escapeTerminalLine, (t) => c.dim(escapeTerminalLine(t)));
  const groups = groupByFindings(inbound.numbers);
  for (const group of groups.filter((g) => g.findings.length > 0).slice(0, limit)) {
    out.push(`  ${listed(group.numbers, limit, terminalLabel)}: ${countsOf(group.findings)}${group.numbers.length > 1 ? " each" : ""}`);
    group.findings.forEach(finding);
  }
  const clean = groups.find((g) => g.findings.length === 0);
  if (clean) out.push(`  No findings: ${listed(clean.numbers, limit, terminalLabel)}`);
  if (inbound.withoutPathwayId + inbound.otherPathways > 0)
    out.push(c.dim(`  Others: ${inbound.withoutPathwayId} without pathway_id, ${inbound.otherPathways} naming another pathway.`));
  if (inbound.notRead > 0) out.push(c.yellow(`  Not read: ${toCount(inbound.notRead, "number")} past --max-numbers ${inbound.maxNumbers}.`));
  for (const p of inbound.failed.slice(0, limit)) out.push(c.yellow(`  Could not read ${escapeTerminalLine(p.subject)}: ${escapeTerminalLine(p.message)}`));
  if (inbound.failed.length > limit) out.push(c.yellow(`  and ${inbound.failed.length - limit} more that could not be read.`));
  out.push("");
  if (campaigns.from === "none")
    out.push(
      c.dim(
        "Campaigns: none checked. Name them with --campaign <id...> or `campaigns` in pathway.config.json (the API reference lists no way to find every campaign).",
      ),
    );
  else {
    out.push(
      c.bold(`Campaigns that call with ${escapeTerminalLine(usage.id)}: ${campaigns.using.length} (of ${toCount(campaigns.checked, "campaign")} checked)`),
    );
    for (const camp of campaigns.using.slice(0, limit)) {
      const name = camp.name === undefined ? "" : `${escapeTerminalLine(camp.name)} `;
      const described = escapeTerminalLine(describeCampaign(camp));
      const state = isActiveCampaign(camp) ? c.green(described) : described;
      out.push(
        `  ${name}(id ${escapeTerminalLine(camp.id)}${camp.phoneNumber === undefined ? "" : `, from ${escapeTerminalLine(camp.phoneNumber)}`}): ${state}  ${countsOf(camp.findings)}`,
      );
      camp.findings.forEach(finding);
    }
    if (campaigns.using.length > limit) out.push(c.dim(`  and ${campaigns.using.length - limit} more: see \`${more}\`.`));
    if (campaigns.notCalling.length > 0) out.push(`  Not calling with it: ${campaigns.notCalling.slice(0, limit).map(escapeTerminalLine).join(", ")}`);
    for (const p of campaigns.failed.slice(0, limit)) out.push(c.yellow(`  Could not read ${escapeTerminalLine(p.subject)}: ${escapeTerminalLine(p.message)}`));
  }
  out.push("");
  const { errors, warnings } = usage.counts;
  const total = toCount(errors + warnings, "problem");
  out.push(
    errors > 0
      ? c.red(c.bold(`✖ ${total} (${toCount(errors, "error")}, ${toCount(warnings, "warning")})`))
      : warnings > 0
        ? c.yellow(c.bold(`✖ ${total} (0 errors, ${toCount(warnings, "warning")})`))
        : `${c.green("✔")} no problems in what reaches ${escapeTerminalLine(usage.id)}`,
  );
  if (!usage.complete) out.push(c.yellow("Incomplete: some numbers or campaigns were not read, and may use it too."));
  return `${out.join("\n")}\n`;
}

/** One finding as a Markdown list item. */
function findingItem(d: Diagnostic): string {
  const at = d.range ? ` (line ${d.range.start.line}, column ${d.range.start.column})` : "";
  return `- **${d.severity}** ${toMarkdownCodeSpan(d.ruleId)} at ${toMarkdownCodeSpan(d.pointer || "/")}${at}: ${escapeMarkdownText(d.message)}`;
}

/** The report as Markdown for a pull-request comment: the summary, a table per kind, findings in `<details>` blocks. */
export function formatUsageMarkdown(usage: PathwayUsage, options: UsageFormatOptions = {}): string {
  const limit = options.limit ?? 100;
  const more = options.more ?? `pathway usage ${usage.id} --format json`;
  const { inbound, campaigns } = usage;
  const out: string[] = [
    `### Who ${toMarkdownCodeSpan(usage.id)} reaches`,
    "",
    escapeMarkdownText(usage.summary),
    "",
    `Checked against ${toMarkdownCodeSpan(usage.checkedAgainst)}${usage.numbersShown ? "" : "; numbers masked"}.`,
    "",
  ];
  out.push("#### Inbound numbers", "");
  if (inbound.numbers.length === 0) out.push(`No inbound number answers with it (${toCount(inbound.read, "configuration")} read).`, "");
  else {
    out.push("| Numbers | Findings |", "|---|---|");
    const groups = groupByFindings(inbound.numbers);
    const label = (n: InboundUse) => numberLabel(n, toMarkdownCodeSpan, escapeMarkdownText);
    for (const group of groups.slice(0, limit))
      out.push(
        `| ${listed(group.numbers, limit, label)} | ${countsOf(group.findings)}${group.numbers.length > 1 && group.findings.length > 0 ? " each" : ""} |`,
      );
    out.push("");
    for (const group of groups.slice(0, limit).filter((g) => g.findings.length > 0)) {
      const summary = `${toCount(group.numbers.length, "number")} (${group.numbers
        .slice(0, 3)
        .map((n) => n.phoneNumber)
        .join(", ")}${group.numbers.length > 3 ? ", …" : ""}): ${countsOf(group.findings)}${group.numbers.length > 1 ? " each" : ""}`;
      out.push(`<details><summary>${escapeMarkdownText(summary)}</summary>`, "", ...group.findings.map(findingItem), "", "</details>", "");
    }
    if (groups.length > limit) out.push(`And more: see ${toMarkdownCodeSpan(more)}.`, "");
  }
  const unread = [
    ...inbound.failed.map((p) => `Could not read ${toMarkdownCodeSpan(p.subject)}: ${escapeMarkdownText(p.message)}`),
    ...(inbound.notRead > 0 ? [`Not read: ${toCount(inbound.notRead, "number")} past --max-numbers ${inbound.maxNumbers}.`] : []),
  ];
  for (const line of unread.slice(0, limit)) out.push(`- ${line}`);
  if (unread.length > 0) out.push("");
  out.push("#### Campaigns", "");
  if (campaigns.from === "none") out.push("None checked: name them with `--campaign` or `campaigns` in pathway.config.json.", "");
  else if (campaigns.using.length === 0) out.push(`None of the ${toCount(campaigns.checked, "campaign")} checked calls with it.`, "");
  else {
    out.push("| Campaign | State | Current sequence | Sequences calling it | Findings |", "|---|---|---|---|---|");
    for (const camp of campaigns.using.slice(0, limit)) {
      const current =
        camp.current === undefined
          ? "not given"
          : `${escapeMarkdownText(sequenceName(camp.current))}${camp.current.callsWithPathway ? " (calls with it)" : ""}`;
      out.push(
        `| ${camp.name === undefined ? "" : `${escapeMarkdownText(camp.name)} `}${toMarkdownCodeSpan(camp.id)} | ${escapeMarkdownText(camp.state ?? "not given")} | ${current} | ${escapeMarkdownText(camp.sequences.map(sequenceName).join(", "))} | ${countsOf(camp.findings)} |`,
      );
    }
    out.push("");
    for (const camp of campaigns.using.slice(0, limit).filter((x) => x.findings.length > 0)) {
      out.push(
        `<details><summary>${escapeMarkdownText(`${camp.id}: ${countsOf(camp.findings)}`)}</summary>`,
        "",
        ...camp.findings.map(findingItem),
        "",
        "</details>",
        "",
      );
    }
  }
  for (const p of campaigns.failed.slice(0, limit)) out.push(`- Could not read campaign ${toMarkdownCodeSpan(p.subject)}: ${escapeMarkdownText(p.message)}`);
  if (!usage.complete) out.push("", "_Incomplete: some numbers or campaigns were not read, and may use it too._");
  return `${out.join("\n").replace(/\n+$/, "")}\n`;
}
