// The one document `--format json` gives on a fatal error, {"ok": false, "error": {code, message, reason?}}, and where it goes.
import { toJsonText } from "../escape/json.js";
import type { Command, Option } from "commander";
import { createErrorObject, type ErrorObject } from "../host/errors.js";
import { describeFsError } from "../host/fs-errors.js";
import { escapeTerminalText } from "../escape/terminal.js";
import type { CliIo } from "./io.js";
import { getTableMark } from "./options/define.js";

/**
 * Printed instead of a report when a `--format json` run stops on a fatal error (exit 2, or 1 for a refusal), so a
 * script reading the output always gets one JSON document. `error` is the one error object of every JSON output
 * (see ErrorObject). Commands may add fields (push adds file, id, pushed), never remove these.
 */
export interface ErrorDocument {
  ok: false;
  error: ErrorObject;
}

/** A fatal error as main reports it: the exit code and the error document's error object. */
export interface Failure extends ErrorObject {
  exit: number;
}

/** The document as printed: pretty JSON and a newline, like every other `--format json` output. */
export function toErrorDocument({ exit: _exit, ...error }: Failure): string {
  const document: ErrorDocument = { ok: false, error: createErrorObject(error.code, error.message, error.reason) };
  return toJsonText(document);
}

/** The (sub)command `argv` runs, e.g. `scenarios generate`, or undefined when it names none. */
export function findRunningCommand(program: Command, argv: readonly string[]): Command | undefined {
  let command = program;
  for (const word of argv) {
    const sub = command.commands.find((c) => c.name() === word);
    if (sub) command = sub;
  }
  return command === program ? undefined : command;
}

/**
 * The value `argv` gives `option` of `command`. Parsing stops at the first bad option value, before a later `-f json`
 * or `-o file` is read, so when commander has none (or only the default) the words themselves are read.
 */
function optionValue(command: Command, argv: readonly string[], option: Option): unknown {
  const parsed: unknown = command.opts<Record<string, unknown>>()[option.attributeName()];
  if (parsed !== undefined && parsed !== option.defaultValue) return parsed;
  for (let i = argv.length - 1; i >= 0; i--) {
    const word = argv[i]!;
    if ((word === option.short || word === option.long) && i + 1 < argv.length) return argv[i + 1];
    if (option.long && word.startsWith(`${option.long}=`)) return word.slice(option.long.length + 1);
    if (option.short && word.startsWith(option.short) && word.length > option.short.length && !word.startsWith("--")) return word.slice(option.short.length);
  }
  return parsed;
}

/** True when `command` offers `--format json` and `argv` asks for it. */
export function wantsJson(command: Command, argv: readonly string[]): boolean {
  const format = command.options.find((o) => o.long === "--format");
  if (!format || !(format.argChoices ?? []).includes("json")) return false;
  return optionValue(command, argv, format) === "json";
}

/** The file the command's report goes to (-o naming a report file), if one was given; else the report goes to stdout. */
function reportFile(command: Command, argv: readonly string[]): string | undefined {
  for (const option of command.options) {
    const value = getTableMark(option)?.spec.reportOutput ? optionValue(command, argv, option) : undefined;
    if (typeof value === "string" && value !== "-") return value;
  }
  return undefined;
}

/**
 * Writes the error document where the report would have gone: the -o report file (atomically, through the host),
 * else stdout. When the file cannot be written (often the very failure being reported), stdout gets it instead.
 */
export async function writeErrorDocument(
  io: CliIo,
  command: Command,
  argv: readonly string[],
  failure: Failure,
  hostReady: () => Promise<boolean>,
): Promise<void> {
  const file = reportFile(command, argv);
  if (file !== undefined && (await hostReady())) {
    try {
      await io.host.writeFile(file, toErrorDocument(failure));
      return;
    } catch (error) {
      io.stderr.write(`pathway: the error document could not be written either: ${escapeTerminalText(describeFsError(error, file))}\n`);
    }
  }
  io.stdout.write(toErrorDocument(failure));
}
