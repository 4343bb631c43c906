// Turns `<id|file>` arguments into a remote pathway id: a tracked file's id from the manifest, `remote:<id>`, or the id itself.
import { getPathSegmentProblem } from "../../remote/path-segment.js";
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { findEntryByFile, type LoadedManifest } from "./manifest.js";

/**
 * Throws EngineError("usage") when `id` (from the command line) cannot be a URL path segment: `.` and `..` would send
 * the request to another endpoint (`/v1/pathway/../version/1`), empty to the collection. Nothing is sent or written.
 */
export function assertPathwayId(id: string, arg: string = id): void {
  const problem = getPathSegmentProblem(id);
  if (problem !== undefined) throw new EngineError("usage", `${JSON.stringify(arg)}: the pathway id ${problem}; pass the id the service gave (nothing was sent or written).`);
}

/**
 * The pathway id an argument names. A path to an existing file (or one ending in .json) must have an entry in the
 * manifest; `remote:<id>` and anything else are taken as the id. Throws EngineError("usage") otherwise, saying to pass
 * `idFlag` (the command's flag naming a file's pathway, e.g. `--pathway-id`) when the command has one.
 */
export async function resolvePathwayId(host: Host, arg: string, loaded: LoadedManifest, options: { idFlag?: string } = {}): Promise<{ id: string; file?: string }> {
  // An empty word would be sent as the id: GET /v1/pathway//versions.
  if (arg.trim() === "") throw new EngineError("usage", `${JSON.stringify(arg)}: an empty pathway id; pass the id, remote:<id> or a file recorded in pathwaykit.manifest.json.`);
  if (arg.startsWith("remote:")) {
    const id = arg.slice("remote:".length);
    if (id === "" || id.includes("@")) {
      const version = /@(\d+|latest|draft)$/.exec(id)?.[1];
      const how = version === undefined ? "" : `; publish takes the version as --pathway-version ${version}, rollback as --to <n>`;
      throw new EngineError("usage", `"${arg}": expected remote:<pathway id> (a whole pathway, not one version${how}).`);
    }
    assertPathwayId(id, arg);
    return { id };
  }
  if (arg.endsWith(".json") || (await host.stat(arg))?.kind === "file") {
    const entry = findEntryByFile(loaded, host.cwd, arg);
    if (!entry) {
      const pass = options.idFlag === undefined ? "pass the id instead" : `add ${options.idFlag} <pathway id>, pass the id instead of the file`;
      throw new EngineError("usage", `${arg}: not in pathwaykit.manifest.json, so its pathway id is unknown; ${pass}, or run \`pathway fetch <id> -o ${arg}\` first.`);
    }
    return { id: entry.id, file: arg };
  }
  assertPathwayId(arg);
  return { id: arg };
}
