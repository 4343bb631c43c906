// A shared secret a forwarder puts in a request header, compared in constant time; the secret itself is never part of a message.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { DEFAULT_SECRET_HEADER } from "./secret-names.js";

export { DEFAULT_SECRET_HEADER, MIN_SECRET_LENGTH } from "./secret-names.js";

/**
 * Whether `secret` can arrive in a header exactly as given: printable ASCII, no space at either end. Node reads header
 * bytes as Latin-1 and trims spaces around a value, so a secret with `é` (two UTF-8 bytes) or a trailing space never
 * matched, and every webhook was refused 401.
 */
export function isHeaderSafeSecret(secret: string): boolean {
  return /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(secret);
}

/** Checks requests for the secret; see `createSecretCheck`. */
export interface SecretCheck {
  /** Why the request is refused (answer 401), or undefined when its header holds the secret. */
  check(headers: IncomingHttpHeaders): string | undefined;
}

/**
 * A check that `header` (case-insensitive) holds `secret`. Both sides are hashed with SHA-256 and the digests compared
 * with `timingSafeEqual`, so the time taken says nothing about how much of a guess was right, nor about the secret's
 * length. A header sent twice arrives joined ("a, b") and does not match. Messages name the header, never what it held or the secret.
 */
export function createSecretCheck(secret: string, header: string = DEFAULT_SECRET_HEADER): SecretCheck {
  const name = header.toLowerCase();
  const expected = createHash("sha256").update(secret, "utf8").digest();
  return {
    check(headers) {
      const given = headers[name];
      if (given === undefined) return `the ${name} header is missing`;
      const digest = createHash("sha256").update(String(given), "utf8").digest();
      return timingSafeEqual(digest, expected) ? undefined : `the ${name} header does not hold the secret`;
    },
  };
}
