// A one-line "still working" status on a terminal's stderr for a single slow step, redrawn each second, then erased.
import { escapeTerminalText } from "../escape/terminal.js";
import type { CliIo } from "./io.js";

/** Starts a status line showing `text` and the seconds elapsed; returns the function that erases it. No-op off a terminal or in CI. */
export function startStatusLine(io: CliIo, text: string): () => void {
  if (io.stderr.isTTY !== true || (io.env.CI !== undefined && io.env.CI !== "" && io.env.CI !== "false")) return () => undefined;
  const started = Date.now();
  const width = Math.max(20, (io.stderr.columns ?? 80) - 1);
  const draw = () => {
    // The text names a file: escaped, so its name cannot move the cursor or recolour what follows.
    const line = `${escapeTerminalText(text)} ${Math.round((Date.now() - started) / 1000)} s`;
    io.stderr.write(`\r${line.length > width ? line.slice(0, width) : line}\u001b[K`);
  };
  draw();
  const timer = setInterval(draw, 1000);
  timer.unref?.();
  return () => {
    clearInterval(timer);
    io.stderr.write("\r\u001b[K");
  };
}
