// How `pathway chat` shows what happened in a turn: one coloured line per trace event (node entered, agent speech, moves...).
import type { Colors } from "picocolors/types.js";
import type { SimState } from "../simulate/index.js";
import { escapeTerminalText } from "../escape/terminal.js";

/** What the lines need from the session: colours, how to clip long prompts and how to name a node. */
export interface ChatView {
  c: Colors;
  clip: (text: string) => string;
  nodeLabel: (id: string | undefined) => string;
  /** Webhooks were called for real (else they are marked as mocks). */
  live: boolean;
}

/** The lines for these trace events, in order. Text from the pathway or the caller is shown with control characters escaped (`clip` and `nodeLabel` escape theirs). */
export function toChatLines(events: SimState["trace"], { c, clip, nodeLabel, live }: ChatView): string[] {
  const lines: string[] = [];
  for (const e of events) {
    if (e.type === "enter") lines.push(c.cyan(`[${nodeLabel(e.nodeId)}]`));
    else if (e.type === "say")
      lines.push(
        `${c.bold("agent")}${e.speech === "prompt" ? c.dim(" (prompt)") : ""}: ${clip(e.text)}${e.unset.length ? c.yellow(`  [unset: ${escapeTerminalText(e.unset.join(", "))}]`) : ""}`,
      );
    else if (e.type === "decide") lines.push(c.dim(`  ${e.decider}: ${e.decision.kind} (${escapeTerminalText(e.decision.reason)})`));
    else if (e.type === "move") lines.push(c.dim(`  → ${nodeLabel(e.to)} via ${e.via}`));
    else if (e.type === "vars") lines.push(c.dim(`  vars (${e.how}): ${escapeTerminalText(JSON.stringify(e.set))}`));
    else if (e.type === "webhook") lines.push(c.dim(`  webhook ${e.method} ${escapeTerminalText(e.url)} → ${e.status}${live ? "" : " (mock)"}`));
    else if (e.type === "end")
      lines.push(c.magenta(escapeTerminalText(`conversation ${e.status}: ${e.reason}${e.transferNumber ? ` → ${e.transferNumber}` : ""}`)));
  }
  return lines;
}
