// The service's saved versions of a pathway: the list (GET /v1/pathway/{id}/versions) checked and sorted.
import { isObject } from "../model/pathway.js";
import { getPathSegmentProblem } from "./path-segment.js";
import { RemoteError } from "./errors.js";

/** One saved version as listed by the service. */
export interface PathwayVersionInfo {
  /** The version's number: 1, 2, ... (0 is the live pathway and is never listed). */
  version: number;
  /** The version's own id on the service, when it gives one. */
  id?: string;
  name?: string;
  /** When it was saved (ISO 8601 as the service wrote it). */
  createdAt?: string;
  isLatest: boolean;
}

/**
 * A version number as the service may write it: a non-negative safe integer, or a string of decimal digits holding one.
 * Undefined for anything else ("0x10", " 7 ", 1e300, 1.5, "-1"), which `Number()` would read as some number and a
 * later request would then send as `/version/1e+300`.
 */
export function toVersionNumber(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Checks the answer of GET /v1/pathway/{id}/versions (an array of `{id, version_number, created_at, name,
 * is_latest}`, possibly inside `{data: [...]}`) and returns the versions oldest first. Entries without a version
 * number (see toVersionNumber) are skipped (the rest are still useful); anything that is not a list is a RemoteError "shape".
 */
export function toVersionList(body: unknown, id: string): PathwayVersionInfo[] {
  const list = Array.isArray(body)
    ? body
    : isObject(body) && Array.isArray(body.data)
      ? body.data
      : isObject(body) && Array.isArray(body.versions)
        ? body.versions
        : undefined;
  if (!list) throw new RemoteError("shape", `The service's answer for the versions of pathway ${id} is not a list of versions; check the id and --base-url.`);
  const versions: PathwayVersionInfo[] = [];
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const n = toVersionNumber(entry.version_number);
    if (n === undefined) continue;
    const info: PathwayVersionInfo = { version: n, isLatest: entry.is_latest === true };
    if (typeof entry.id === "string" || typeof entry.id === "number") info.id = String(entry.id);
    if (typeof entry.name === "string") info.name = entry.name;
    if (typeof entry.created_at === "string") info.createdAt = entry.created_at;
    versions.push(info);
  }
  return versions.sort((a, b) => a.version - b.version);
}

/** A remote reference: `remote:<id>`, `remote:<id>@<n>` or `remote:<id>@latest`, parsed. */
export interface RemoteRef {
  id: string;
  /** A version number, `"latest"` (the newest saved version), or undefined for the live pathway. */
  version?: number | "latest";
}

/**
 * Parses the part after `remote:`; undefined when it is not `<id>`, `<id>@<n>` or `<id>@latest`, or when the id cannot
 * be a URL path segment (empty, `.`, `..`: see getPathSegmentProblem).
 */
export function parseRemoteRef(text: string): RemoteRef | undefined {
  const at = text.lastIndexOf("@");
  if (at < 0) return getPathSegmentProblem(text) === undefined ? { id: text } : undefined;
  const id = text.slice(0, at);
  const v = text.slice(at + 1);
  if (getPathSegmentProblem(id) !== undefined) return undefined;
  if (v === "latest") return { id, version: "latest" };
  if (!/^\d{1,9}$/.test(v)) return undefined;
  return { id, version: Number(v) };
}

/** `remote:<id>` or `remote:<id>@<n>` as users write it. */
export function toRemoteLabel(ref: RemoteRef): string {
  return `remote:${ref.id}${ref.version === undefined ? "" : `@${ref.version}`}`;
}
