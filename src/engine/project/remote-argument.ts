// The text of a remote argument (remote:<id>[@<n>|@latest], <id>@<n>) checked without the manifest, so validate's start-up stays light.
import { EngineError } from "../../host/errors.js";
import { getPathSegmentProblem } from "../../remote/path-segment.js";

/** A saved version: its number, or the newest. */
export type VersionRef = number | "latest";

/** True when `arg` names the service (`remote:<id>`...), never a file. */
export function isRemoteArgument(arg: string): boolean {
  return arg.startsWith("remote:");
}

/**
 * Throws EngineError("usage") when `id` (from the command line) cannot be a URL path segment: `.` and `..` would send
 * the request to another endpoint (`/v1/pathway/../version/1`), empty to the collection. Nothing is sent or written.
 */
export function assertPathwayId(id: string, arg: string = id): void {
  const problem = getPathSegmentProblem(id);
  if (problem !== undefined)
    throw new EngineError("usage", `${JSON.stringify(arg)}: the pathway id ${problem}; pass the id the service gave (nothing was sent or written).`);
}

/**
 * The id and version of `<id>`, `<id>@<n>` or `<id>@latest` (the part after `remote:`); throws EngineError("usage") naming
 * `arg` when it is none of those or the id cannot be a URL path segment.
 */
export function parseVersionedId(text: string, arg: string = `remote:${text}`): { id: string; version?: VersionRef } {
  const at = text.lastIndexOf("@");
  const id = at < 0 ? text : text.slice(0, at);
  const v = at < 0 ? undefined : text.slice(at + 1);
  const version = v === undefined ? undefined : v === "latest" ? "latest" : /^\d{1,9}$/.test(v) ? Number(v) : null;
  if (id === "" || version === null)
    throw new EngineError(
      "usage",
      `"${arg}": expected ${arg.startsWith("remote:") ? "remote:<pathway id>, remote:<id>@<version number> or remote:<id>@latest" : "a pathway id, <id>@<version number> or <id>@latest"}.`,
    );
  assertPathwayId(id, arg);
  return version === undefined ? { id } : { id, version };
}
