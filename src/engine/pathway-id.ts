// Turns `<id|file>` arguments into a remote pathway id: a tracked file's id from the manifest, `remote:<id>`, or the id itself.
import { EngineError } from "./errors.js";
import type { Host } from "./host.js";
import { findEntryByFile, type LoadedManifest } from "./manifest.js";

/**
 * The pathway id an argument names. A path to an existing file (or one ending in .json) must have an entry in the
 * manifest; `remote:<id>` and anything else are taken as the id. Throws EngineError("usage") otherwise.
 */
export async function resolvePathwayId(host: Host, arg: string, loaded: LoadedManifest): Promise<{ id: string; file?: string }> {
  // An empty word would be sent as the id: GET /v1/pathway//versions.
  if (arg.trim() === "") throw new EngineError("usage", `${JSON.stringify(arg)}: an empty pathway id; pass the id, remote:<id> or a file recorded in pathwaykit.manifest.json.`);
  if (arg.startsWith("remote:")) {
    const id = arg.slice("remote:".length);
    if (id === "" || id.includes("@")) throw new EngineError("usage", `"${arg}": expected remote:<pathway id> (a whole pathway, not one version).`);
    return { id };
  }
  if (arg.endsWith(".json") || (await host.stat(arg))?.kind === "file") {
    const entry = findEntryByFile(loaded, host.cwd, arg);
    if (!entry) throw new EngineError("usage", `${arg}: not in pathwaykit.manifest.json, so its pathway id is unknown; pass the id instead, or run \`pathway fetch <id> -o ${arg}\` first.`);
    return { id: entry.id, file: arg };
  }
  return { id: arg };
}
