// Turns `<id|file>` arguments into a remote pathway id: a tracked file's id from the manifest, `remote:<id>`, or the id itself.
import { existsSync } from "node:fs";
import path from "node:path";
import { EXIT, ExitError } from "./exit.js";
import { findEntryByFile, type LoadedManifest } from "./manifest.js";

/**
 * The pathway id an argument names. A path to an existing file (or one ending in .json) must have an entry in the
 * manifest; `remote:<id>` and anything else are taken as the id.
 */
export function toPathwayId(arg: string, loaded: LoadedManifest, cwd: string): { id: string; file?: string; endpoint?: "convo" | "pathway" } {
  if (arg.startsWith("remote:")) {
    const id = arg.slice("remote:".length);
    if (id === "" || id.includes("@")) throw new ExitError(EXIT.failure, `"${arg}": expected remote:<pathway id> (a whole pathway, not one version).`);
    return { id };
  }
  if (arg.endsWith(".json") || existsSync(path.resolve(cwd, arg))) {
    const entry = findEntryByFile(loaded, cwd, arg);
    if (!entry) throw new ExitError(EXIT.failure, `${arg}: not in pathwaykit.manifest.json, so its pathway id is unknown; pass the id instead, or run \`pathway fetch <id> -o ${arg}\` first.`);
    return { id: entry.id, file: arg, ...(entry.endpoint ? { endpoint: entry.endpoint } : {}) };
  }
  return { id: arg };
}
