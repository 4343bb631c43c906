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
    /** A finer reason where one exists, e.g. the RemoteError kind (`unauthorized`, `timeout`...) for kind "remote". */
    readonly reason?: string,
    /** What the error is about, where the caller cannot tell: `id`, the pathway push would have written to. */
    readonly details: { id?: string } = {},
  ) {
    super(message);
  }
}

/** True for an EngineError from this copy of the library or another (duck-typed on name and kind). */
export function isEngineError(error: unknown): error is EngineError {
  return error instanceof Error && error.name === "EngineError" && typeof (error as { kind?: unknown }).kind === "string";
}

/** What an error object's `code` says went wrong: an EngineError kind, or `internal` for a bug in pathwaykit. */
export type ErrorCode = EngineErrorKind | "internal";

/**
 * The one error object of every `--format json` output: the fatal document's `error`, push's and fetch's per-pathway
 * `error`, `diff --check`'s and diagram's per-file `error`, log's unreadable versions. `code` says what went wrong,
 * `reason` the finer cause where one is known (for `remote`: the RemoteError kind, e.g. `not-found`, `timeout`).
 */
export interface ErrorObject {
  code: ErrorCode;
  message: string;
  reason?: string;
}

/** Builds an error object; `reason` is left out when there is none, so every writer prints the same keys. */
export function createErrorObject(code: ErrorCode, message: string, reason?: string): ErrorObject {
  return { code, message, ...(reason !== undefined && { reason }) };
}

/**
 * The error object for a caught error: an EngineError's kind and reason; a RemoteError (duck-typed, so the remote
 * code is not loaded for this) as `remote` with its kind as the reason, except a missing key or an unusable base URL,
 * which are `config` like every other setting the user must fix; anything else is `internal`.
 */
export function toErrorObject(error: unknown): ErrorObject {
  if (isEngineError(error)) return createErrorObject(error.kind, error.message, error.reason);
  const message = error instanceof Error ? error.message : String(error);
  const kind = error instanceof Error && error.name === "RemoteError" ? (error as { kind?: unknown }).kind : undefined;
  if (typeof kind === "string") {
    if (kind === "config") return createErrorObject("config", message);
    return kind === "insecure" ? createErrorObject("config", message, kind) : createErrorObject("remote", message, kind);
  }
  return createErrorObject("internal", message);
}
