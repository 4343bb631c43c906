// Pure formatter of `pathway analyze`: a pathway's analysis as a readable summary.
import { toCount } from "../escape/count.js";
import { escapeTerminalText } from "../escape/terminal.js";
import type { PathwayAnalysis } from "../graph/index.js";
import pc from "picocolors";

/** Options of `formatAnalysis`; all optional. */
export interface AnalysisFormatOptions {
  /** Display name of each node id (default: ids only). */
  names?: Readonly<Record<string, string>>;
  /** How many ids a list shows before "and N more" (default 20). */
  limit?: number;
  /** ANSI colours: problems in red or yellow, headings in bold (default false). */
  color?: boolean;
}

/** Renders the analysis as plain text: counts, start, globals, terminals, problems, shape and a table of variables. */
export function formatAnalysis(analysis: PathwayAnalysis, options: AnalysisFormatOptions = {}): string {
  const limit = options.limit ?? 20;
  const c = pc.createColors(options.color ?? false);
  const problem = (ids: readonly unknown[], text: string) => (ids.length > 0 ? c.red(text) : text);
  // Names and ids come from the file: every one passes the terminal escaper before it is printed.
  const label = (id: string) => {
    const name = options.names?.[id];
    return escapeTerminalText(name ? `"${name}" (${id})` : id);
  };
  const list = (ids: readonly string[]) => {
    if (ids.length === 0) return "none";
    const shown = ids.slice(0, limit).map(label).join(", ");
    return ids.length > limit ? `${shown} and ${ids.length - limit} more` : shown;
  };
  const s = analysis.stats;
  const lines: string[] = [];
  lines.push(
    `Pathway${analysis.name ? ` "${escapeTerminalText(analysis.name)}"` : ""}: ${toCount(s.nodeCount, "node")}, ${toCount(s.edgeCount, "edge")} (${toCount(s.flowEdgeCount, "flow edge")} incl. routes)`,
  );
  lines.push("");
  lines.push(c.bold("Nodes by type:"));
  const types = Object.entries(s.countsByType)
    .map(([t, n]) => [escapeTerminalText(t), n] as const)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const width = Math.max(0, ...types.map(([t]) => t.length));
  for (const [type, count] of types) lines.push(`  ${type.padEnd(width)}  ${count}`);
  lines.push("");
  lines.push(`Start:          ${analysis.start ? label(analysis.start) : "none (mark one node with isStart: true)"}`);
  lines.push(`Globals:        ${list(analysis.globals)}`);
  if (analysis.strandingGlobals.length > 0) lines.push(`  never return: ${list(analysis.strandingGlobals)}`);
  lines.push(`Terminals:      ${list(analysis.terminals)}`);
  lines.push(`Unreachable:    ${problem(analysis.unreachable, list(analysis.unreachable))}`);
  lines.push(`Dead ends:      ${problem(analysis.deadEnds, list(analysis.deadEnds))}`);
  lines.push(`Traps:          ${analysis.traps.length === 0 ? "none" : c.red(analysis.traps.map((t) => `[${list(t)}]`).join("; "))}`);
  lines.push(`Depth:          ${toCount(s.depth, "step")} from the start to the farthest node`);
  lines.push(`Branching:      ${s.branching.mean} ${s.branching.mean === 1 ? "way" : "ways"} out on average, at most ${s.branching.max}`);
  lines.push(`Cycles:         ${s.cycles.count} (${toCount(s.cycles.nodes, "node")} on a cycle)`);
  lines.push("");
  if (analysis.variables.length === 0) {
    lines.push("Variables: none");
  } else {
    lines.push(c.bold("Variables:"));
    // Node names read better than ids in a table; ids stand in for nodes without a name.
    const short = (id: string) => escapeTerminalText(options.names?.[id] ?? id);
    const cellOf = (ids: readonly string[]) => (ids.length ? ids.map(short).join(", ") : "-");
    const rows = analysis.variables.map((v) => [escapeTerminalText(v.name), v.origin, cellOf(v.definedIn), cellOf(v.usedIn)]);
    const header = ["name", "origin", "defined in", "used in"];
    const widths = header.map((h, i) => Math.min(48, Math.max(h.length, ...rows.map((r) => r[i]!.length))));
    const cell = (text: string, i: number) => (text.length > widths[i]! ? `${text.slice(0, widths[i]! - 1)}…` : text.padEnd(widths[i]!));
    lines.push(`  ${header.map(cell).join("  ").trimEnd()}`);
    for (const r of rows) lines.push(`  ${r.map(cell).join("  ").trimEnd()}`);
    const { undefined: never, maybeUnset } = analysis.variableFindings;
    if (never.length > 0) lines.push(c.red(`  never defined: ${never.map((u) => `{{${escapeTerminalText(u.name)}}} in ${label(u.nodeId)}`).join(", ")}`));
    if (maybeUnset.length > 0)
      lines.push(
        c.yellow(
          `  may be unset: ${maybeUnset
            .slice(0, limit)
            .map((u) => `{{${escapeTerminalText(u.name)}}} in ${label(u.nodeId)}`)
            .join(", ")}${maybeUnset.length > limit ? ` and ${maybeUnset.length - limit} more` : ""}`,
        ),
      );
  }
  return `${lines.join("\n")}\n`;
}
