// Errors of the remote client: one class with a kind, a message that says what to do, and never the API key.

/** What went wrong talking to the service. */
export type RemoteErrorKind =
  | "config"
  | "insecure"
  | "network"
  | "timeout"
  | "aborted"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "rate-limited"
  | "server"
  | "http"
  | "redirect"
  | "truncated"
  | "invalid-json"
  | "shape"
  | "too-large"
  | "rejected"
  | "conflict"
  /** An id that cannot be a URL path segment (`.`, `..`, empty): refused before anything is sent. */
  | "invalid-id";

/** A failed remote call. `message` is safe to print: it never holds the API key. */
export class RemoteError extends Error {
  override readonly name = "RemoteError";
  constructor(
    readonly kind: RemoteErrorKind,
    message: string,
    readonly details: { status?: number; attempts?: number; url?: string } = {},
  ) {
    super(message);
  }
}
