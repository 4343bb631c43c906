// The one error the engine throws: a misuse or an input it cannot work on at all, with a kind the CLI maps to an exit code.

/**
 * What went wrong, for callers that react by kind: `usage` (bad options), `config` (a broken config, baseline or
 * manifest), `io` (a file that cannot be read or written), `input` (a file that is not what the operation needs),
 * `remote` (the service), `refused` (the operation declined to act, e.g. push's drift guard), `findings` (the operation
 * stopped on errors in the input, e.g. push of an invalid pathway).
 */
export type EngineErrorKind = "usage" | "config" | "io" | "input" | "remote" | "refused" | "findings";

/**
 * Thrown by engine operations when they cannot go on at all (per-file problems are Diagnostics in the results
 * instead). The message is a whole sentence for the user: what, where, what to do.
 */
export class EngineError extends Error {
  override readonly name = "EngineError";
  constructor(
    readonly kind: EngineErrorKind,
    message: string,
    /** A finer reason where one exists, e.g. the RemoteError kind (`auth`, `timeout`...) for kind "remote". */
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** True for an EngineError from this copy of the library or another (duck-typed on name and kind). */
export function isEngineError(error: unknown): error is EngineError {
  return error instanceof Error && error.name === "EngineError" && typeof (error as { kind?: unknown }).kind === "string";
}
