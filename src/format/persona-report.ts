// The parts of a persona scenario's report every test format shows: its verdicts with their reasons, its conversation and its tokens, as plain lines.
import { escapeTerminalText } from "../escape/terminal.js";
import type { TestCaseReport, TokenUsage } from "../simulate/index.js";
import { clipToLine } from "../escape/clip.js";

/** Characters of a conversation line shown (the JSON report keeps it whole). */
const LINE = 400;

/** A count as people read it: 12,345. */
export function toTokenCount(n: number): string {
  return n.toLocaleString("en-US");
}

/** One line per judge: mark, criterion, score (and threshold), reason; terminal-safe. */
export function toVerdictLines(r: TestCaseReport): { pass: boolean; text: string }[] {
  return (r.judges ?? []).map((v) => {
    const score = v.error ? "no verdict" : `score ${v.score}${v.threshold !== undefined ? `, threshold ${v.threshold}` : ""}`;
    return {
      pass: v.pass,
      text: escapeTerminalText(`${v.pass ? "✔" : "✖"} judge "${clipToLine(v.criterion, 200)}" (${score}): ${clipToLine(v.reason, 600) || "(no reason given)"}`),
    };
  });
}

/** The conversation, one `agent:` or `caller:` line each, clipped and terminal-safe. */
export function toConversationLines(r: TestCaseReport): string[] {
  return (r.transcript ?? []).map((l) => escapeTerminalText(`${l.role === "agent" ? "agent: " : "caller:"} ${clipToLine(l.text, LINE)}`));
}

/** `1,234 tokens (890 in, 344 out; 12 requests)`. */
export function describeUsage(u: TokenUsage): string {
  return `${toTokenCount(u.input + u.output)} tokens (${toTokenCount(u.input)} in, ${toTokenCount(u.output)} out; ${toTokenCount(u.requests)} request${u.requests === 1 ? "" : "s"})`;
}

/** The case's tokens by part, with the share of one run when it ran several times; undefined without tokens. */
export function describeCaseTokens(r: TestCaseReport): string | undefined {
  const t = r.tokens;
  if (!t) return undefined;
  const part = (name: string, u: TokenUsage) => (u.requests > 0 ? [`${name} ${toTokenCount(u.input + u.output)}`] : []);
  const parts = [...part("caller", t.caller), ...part("agent", t.agent), ...part("judge", t.judge)];
  const runs = r.runs ?? 1;
  const perRun = runs > 1 ? `, ${toTokenCount(Math.round((t.total.input + t.total.output) / runs))} per run` : "";
  return `${describeUsage(t.total)}${parts.length ? `: ${parts.join(", ")}` : ""}${perRun}`;
}
