// The conversation of a run as lines (who said what, at which turn), read from its trace: what callers, judges and reports see.
import type { TraceEvent } from "../types.js";

/** One line of a conversation. */
export interface TranscriptLine {
  role: "agent" | "caller";
  /** The user turn it belongs to (0: before the caller spoke). */
  turn: number;
  text: string;
}

/**
 * What was said, in order: the caller's turns, and the agent's words. An agent model's words stand for the prompt they
 * were written from (a prompt is instructions, not speech); a prompt no model spoke is left out.
 */
export function getTranscript(trace: readonly TraceEvent[]): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (const e of trace) {
    if (e.type === "user") lines.push({ role: "caller", turn: e.turn, text: e.text });
    else if (e.type === "say" && e.speech !== "prompt") lines.push({ role: "agent", turn: e.turn, text: e.text });
  }
  return lines;
}

/** The conversation as plain text for a model to read: `Agent: ...` and `Caller: ...` lines, each clipped. */
export function toTranscriptText(lines: readonly TranscriptLine[], maxLine = 1_500): string {
  if (lines.length === 0) return "(nothing was said)";
  return lines.map((l) => `${l.role === "agent" ? "Agent" : "Caller"}: ${l.text.length > maxLine ? `${l.text.slice(0, maxLine)}…` : l.text}`).join("\n");
}
