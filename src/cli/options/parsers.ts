// The option table's value parsers: each throws commander's InvalidArgumentError, which it reports as a usage error naming the flag.
import { InvalidArgumentError } from "commander";
import { parseVersionSpec, type VersionSpec } from "../../engine/project/version-spec.js";

/** A parser for whole numbers from `min` to `max`. */
export function parseWholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  // Past MAX_SAFE_INTEGER a count is no longer exact; a caller's own max bounds what the flag can cost (retries, waits).
  const expected = max === Number.MAX_SAFE_INTEGER ? `Expected a whole number of at least ${min}.` : `Expected a whole number from ${min} to ${max}.`;
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new InvalidArgumentError(expected);
    return Number(value);
  };
}

/** Parses a count (a whole number of 0 or more). */
export const parseCount = parseWholeNumber(0);

/** Parses a share from 0 to 1 (a pass rate). */
export function parseRate(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError("Expected a number from 0 to 1, e.g. 0.9.");
  return n;
}

/** The forms of a saved version a command accepts: a number always, and these names. */
export type VersionNames = readonly ("draft" | "production" | "staging")[];

/** A parser for a saved version: a number (1, 2, ...) or one of `names`. */
export function parseVersion(names: VersionNames): (value: string) => VersionSpec {
  const forms = ["a version number (1, 2, ...)", ...names];
  const expected = forms.length === 1 ? forms[0]! : `${forms.slice(0, -1).join(", ")} or ${forms.at(-1)!}`;
  return (value) => {
    const spec = parseVersionSpec(value);
    if (spec === undefined || (typeof spec === "string" && !names.includes(spec))) throw new InvalidArgumentError(`Expected ${expected}.`);
    return spec;
  };
}

/** Parses diff's `--context`: a whole number of lines (or sentences), or `all`. */
export function parseContextLines(value: string): number | "all" {
  if (value === "all") return "all";
  if (!/^\d{1,6}$/.test(value)) throw new InvalidArgumentError("Expected a whole number of lines or sentences, or all.");
  return Number(value);
}

/** Parses an HTTP header name (an RFC 9110 token), lower-cased. */
export function parseHeaderName(value: string): string {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value)) throw new InvalidArgumentError("Expected a header name such as x-pathway-secret.");
  return value.toLowerCase();
}

/** Collects a repeatable host name (with an optional port), lower-cased, as a tunnel sends it. */
export function collectHost(value: string, previous: string[]): string[] {
  if (!/^[A-Za-z0-9.-]+(?::\d{1,5})?$/.test(value))
    throw new InvalidArgumentError("Expected a host name as the tunnel sends it, such as abc.example.app or abc.example.app:8443.");
  return [...previous, value.toLowerCase()];
}

/** The human format's name in every command. */
export const HUMAN_FORMAT = "text";

/** `stylish` (ESLint's name for the human format) read as `text`, so scripts written for either name keep working. */
export function parseFormatName(value: string): string {
  return value === "stylish" ? HUMAN_FORMAT : value;
}
