// The part of a scenario's report the service's Agent Testing wrote (`pathway test --server`): its run, each assertion, and the analysis's suggestions by node, as plain lines every test format shows.
import { escapeTerminalText } from "../escape/terminal.js";
import type { TestCaseReport } from "../simulate/index.js";
import { clipToLine } from "../escape/clip.js";

/** One line of the service's part: `pass`/`fail` mark an assertion (`none`: no result), `info` the rest; the text is terminal-safe. */
export interface ServerLine {
  kind: "pass" | "fail" | "none" | "info";
  /** 0 for the run and the analysis, 1 under them. */
  depth: 0 | 1;
  text: string;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The service's part of a case as lines: the run (id, status, score, error), each assertion with its result, the
 * failure modes a simulation set saw, and with --explain the root cause and each suggestion beside the node it names
 * (by its name in the local pathway file, and its id). Empty for a case that did not run on the service.
 */
export function toServerLines(r: TestCaseReport): ServerLine[] {
  const s = r.server;
  if (!s) return [];
  const line = (kind: ServerLine["kind"], depth: 0 | 1, text: string): ServerLine => ({ kind, depth, text: escapeTerminalText(text) });
  const score = s.score !== undefined ? `, score ${s.score}` : "";
  const out = [
    line(
      "info",
      0,
      `service: ${s.runId !== undefined ? `run ${clipToLine(s.runId, 80)}` : `scenario ${clipToLine(s.scenarioId, 80)}`} ${clipToLine(s.status, 40)}${score}${s.flaky ? " (flaky)" : ""}${s.error ? `: ${clipToLine(s.error, 600)}` : ""}`,
    ),
  ];
  for (const a of s.assertions) {
    const kind = a.passed === true ? "pass" : a.passed === false ? "fail" : "none";
    const mark = kind === "pass" ? "✔" : kind === "fail" ? "✖" : "?";
    const result =
      a.passed === undefined ? ": no result" : `${a.score !== undefined ? `, score ${a.score}` : ""}${a.reason ? `: ${clipToLine(a.reason, 600)}` : ""}`;
    out.push(line(kind, 1, `${mark} ${clipToLine(a.name, 200)}${a.type ? ` (${clipToLine(a.type, 40)})` : ""}${result}`));
  }
  if (s.failureModes?.length) out.push(line("info", 1, `failure modes: ${s.failureModes.map((m) => clipToLine(m, 200)).join("; ")}`));
  const analysis = s.analysis;
  if (analysis?.error) out.push(line("info", 0, `analysis could not be read: ${clipToLine(analysis.error, 600)}`));
  else if (analysis) {
    out.push(line("info", 0, `analysis: ${analysis.rootCause ? clipToLine(analysis.rootCause, 600) : "(no root cause given)"}`));
    for (const g of analysis.suggestions) {
      const node =
        g.nodeName !== undefined
          ? `"${clipToLine(g.nodeName, 120)}"${g.nodeId !== undefined ? ` (${clipToLine(g.nodeId, 80)})` : ""}`
          : g.nodeId !== undefined
            ? `node ${clipToLine(g.nodeId, 80)}`
            : "the pathway";
      const about = [g.type && clipToLine(g.type, 40), g.confidence !== undefined && `confidence ${percent(g.confidence)}`].filter(Boolean).join(", ");
      out.push(
        line(
          "info",
          1,
          `at ${node}: ${clipToLine(g.description ?? "", 600) || "(no description)"}${g.change ? ` → ${clipToLine(g.change, 600)}` : ""}${about ? ` (${about})` : ""}`,
        ),
      );
    }
  }
  return out;
}
