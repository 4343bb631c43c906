// The `--watch` loop of lint, test and report: a first run, then a run per batch of saved files until Ctrl-C (exit 0).
import { toJsonText } from "../escape/json.js";
import { displayPath } from "../engine/project/inputs.js";
import { toErrorObject } from "../host/errors.js";
import type { FileChange } from "../engine/watch/watch-files.js";
import { escapeTerminalText } from "../escape/terminal.js";
import { toNounForm } from "../escape/count.js";
import { EXIT, ExitError } from "./exit.js";
import type { CliIo } from "./io.js";

/** What the loop needs of a command; `run` gets an io whose stdout is collected, and returns false when nothing ran. */
export interface WatchCommand {
  /** --format json: each run's document is printed on one line (newline-delimited JSON) and the screen is never cleared. */
  json: boolean;
  /** The command's report goes to a file (-o), not to the screen. */
  toFile: boolean;
  /** One run: every input when `changes` is undefined (the first run), else what they affect. */
  run(changes: readonly FileChange[] | undefined, io: CliIo): Promise<boolean>;
}

/** Vitest's clear: the screen, the scrollback, then the cursor home. */
const CLEAR = "\x1b[2J\x1b[3J\x1b[H";

/** The text `--help` of a command with --watch adds, saying how the output looks. */
export const WATCH_HELP = `--watch runs once, then again on each save of a .json/.yaml/.yml file under the working directory (node_modules and
.git skipped): only the files that changed and what depends on them. On a terminal the screen is cleared before each
run, under a header naming what changed; with --format json (or not on a terminal) nothing is cleared and each run
prints its own document, one line each (newline-delimited JSON). Ctrl-C stops it with exit code 0.`;

/** Refuses inputs that cannot be watched (stdin, a remote copy). */
export function refuseUnwatchable(inputs: readonly string[]): void {
  const bad = inputs.find((i) => i === "-" || i.startsWith("remote:"));
  if (bad !== undefined)
    throw new ExitError(EXIT.failure, `--watch watches files: ${bad === "-" ? "stdin" : escapeTerminalText(bad)} cannot be watched; name files or folders.`);
}

/** A JSON document on one line; text that is not JSON (never expected) is printed as it is rather than lost. */
function toOneLine(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text.trimEnd();
  }
}

/** One run: the command's output, collected, then printed under a header (text) or on one line (JSON). */
async function runOnce(io: CliIo, command: WatchCommand, changes: readonly FileChange[] | undefined): Promise<void> {
  let text = "";
  const stdout = {
    write: (chunk: string | Uint8Array) => ((text += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8")), true),
    isTTY: io.stdout.isTTY,
    columns: io.stdout.columns,
  } as unknown as CliIo["stdout"];
  // Findings set no exit code here: a watch ends by Ctrl-C with 0, whatever the last run found.
  const runIo: CliIo = { ...io, stdout, setExitCode: () => undefined };
  let ran: boolean;
  try {
    ran = await command.run(changes, runIo);
  } catch (error) {
    // A broken config mid-watch is reported and the watch goes on: the next save may fix it.
    const failure = toErrorObject(error);
    if (command.json) io.stdout.write(toJsonText({ ok: false, error: failure }, 0));
    else io.stderr.write(`pathway: ${escapeTerminalText(failure.message)}\n`);
    return;
  }
  if (!ran) return;
  if (command.json) {
    // One line per run: the same document the command prints without --watch, without its line breaks.
    if (text.trim() !== "") io.stdout.write(`${toOneLine(text)}\n`);
    return;
  }
  const clear = io.stdout.isTTY === true && !command.toFile;
  const what = changes === undefined ? "RUN" : "RERUN";
  const files = changes === undefined ? "" : ` ${[...new Set(changes.map((c) => escapeTerminalText(displayPath(io.cwd, c.file))))].join(", ")}`;
  io.stdout.write(`${clear ? CLEAR : "\n"} ${what} ${files} (${new Date().toTimeString().slice(0, 8)})\n\n${text}`);
  if (clear) io.stdout.write("\n Waiting for file changes... press Ctrl-C to exit\n");
}

/**
 * Runs `command` once and then on every batch of saves under the working directory, one run at a time, until SIGINT
 * or SIGTERM; resolves (exit code 0) once the watcher is closed.
 */
export async function watchCommand(io: CliIo, command: WatchCommand): Promise<void> {
  const { watchFiles } = await import("../engine/watch/watch-files.js"); // why: only --watch loads the watcher
  await runOnce(io, command, undefined);
  const watch = await watchFiles(io.cwd, (changes) => runOnce(io, command, changes));
  // Scripts and tests wait for this line before saving files: the watch is set from here on.
  io.stderr.write(
    `pathway: watching ${watch.fileCount.toLocaleString("en-US")} ${toNounForm(watch.fileCount, "file or folder", "files and folders")} under ${escapeTerminalText(displayPath(io.cwd, io.cwd) || ".")}; Ctrl-C to stop.\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await watch.close();
}
