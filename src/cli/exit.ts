// Exit codes and the error type commands throw instead of calling process.exit.
import type { EngineErrorKind } from "../host/errors.js";

/** 0 success (warnings allowed), 1 findings at error level or too many warnings, 2 usage, config, I/O or internal failure. */
export const EXIT = { ok: 0, findings: 1, failure: 2 } as const;

/**
 * Thrown by a command to stop with a message (on stderr) and an exit code; never shows a stack trace. `kind` is what
 * went wrong in the words of EngineError (the `code` of the `--format json` error document); most are usage errors.
 */
export class ExitError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly kind: EngineErrorKind = "usage",
  ) {
    super(message);
  }
}

/** A command that checks files needs at least one; without any it is a usage error (exit 2). */
export function requireInputs(inputs: readonly string[]): void {
  if (inputs.length === 0) throw new ExitError(EXIT.failure, "No files given; name pathway files, directories or globs (or - for stdin).");
}
