// The shared secret's header name and shortest length, on their own so that `calls listen`'s flags state them without loading node:crypto.

/** The header `calls listen` reads the secret from unless told another. */
export const DEFAULT_SECRET_HEADER = "x-pathway-secret";

/** Shortest secret accepted: shorter ones can be guessed by a client that simply tries (nothing slows it down). */
export const MIN_SECRET_LENGTH = 16;
