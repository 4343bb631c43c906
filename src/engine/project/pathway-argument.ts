// The one answer to "which remote pathway, and which version, does this argument mean": a file, remote:<id>[@<n>], or an id.
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { findEntryByFile, type LoadedManifest, type ManifestEntry } from "./manifest.js";
import { assertPathwayId, isRemoteArgument, parseVersionedId, type VersionRef } from "./remote-argument.js";

/** What an argument names. */
export interface PathwayArgument {
  /** The argument as typed. */
  arg: string;
  /** The remote pathway. */
  id: string;
  /** With `remote:<id>@<n>` or `@latest`: the saved version it names (only where `versions` allows one). */
  version?: VersionRef;
  /** The local file, when the argument is one. */
  file?: string;
  /** The manifest entry: the file's, or for an id the one entry tracking it (none when several do). */
  entry?: ManifestEntry;
}

/** Options of `resolvePathwayArgument`. */
export interface PathwayArgumentOptions {
  manifest: LoadedManifest;
  /** The remote id given for a file by the command's flag (`--pathway-id`), instead of the file's manifest entry. */
  id?: string;
  /** The command's flag that names a file's pathway (`--pathway-id`), for messages; with it, an `id` beside a non-file is refused. */
  idFlag?: string;
  /** True where `remote:<id>@<n>` may name one saved version (diff, lint); elsewhere it is refused, naming the flags that take a version. */
  versions?: boolean;
}

/**
 * Resolves `arg` with one look at the disk: `remote:<id>[@<n>|@latest]` is that pathway (and version, where
 * `versions` allows one); a path to an existing file (or one ending in .json) is that file, its pathway `options.id`
 * or its manifest entry's; anything else is the id itself. Throws EngineError("usage") for an empty argument, a
 * malformed id, a file with no known pathway, or a `--pathway-id` beside an argument that is not a file.
 */
export async function resolvePathwayArgument(host: Pick<Host, "cwd" | "stat">, arg: string, options: PathwayArgumentOptions): Promise<PathwayArgument> {
  const { manifest, idFlag } = options;
  // An empty word would be sent as the id: GET /v1/pathway//versions.
  if (arg.trim() === "")
    throw new EngineError("usage", `${JSON.stringify(arg)}: an empty pathway id; pass the id, remote:<id> or a file recorded in pathwaykit.manifest.json.`);
  const tracking = (id: string) => {
    const entries = manifest.manifest.pathways.filter((e) => e.id === id);
    return entries.length === 1 ? { entry: entries[0]! } : {};
  };
  const remote = isRemoteArgument(arg);
  const isFile = !remote && (arg.endsWith(".json") || (await host.stat(arg))?.kind === "file");
  if (!isFile && options.id !== undefined && idFlag !== undefined) {
    throw new EngineError(
      "usage",
      `${idFlag} ${options.id} names the remote pathway of a file, but ${JSON.stringify(arg)} is not a file: pass the file with ${idFlag}, or the id alone.`,
    );
  }
  if (remote) {
    const text = arg.slice("remote:".length);
    if (!options.versions && (text === "" || text.includes("@"))) {
      const version = /@(\d+|latest|draft)$/.exec(text)?.[1];
      const how = version === undefined ? "" : `; publish takes the version as --pathway-version ${version}, rollback as --to <n>`;
      throw new EngineError("usage", `"${arg}": expected remote:<pathway id> (a whole pathway, not one version${how}).`);
    }
    const ref = parseVersionedId(text, arg);
    return { arg, ...ref, ...tracking(ref.id) };
  }
  if (isFile) {
    const entry = findEntryByFile(manifest, host.cwd, arg);
    if (options.id !== undefined) {
      assertPathwayId(options.id, idFlag === undefined ? options.id : `${idFlag} ${options.id}`);
      return { arg, id: options.id, file: arg, ...(entry?.id === options.id && { entry }) };
    }
    if (!entry) {
      const pass = idFlag === undefined ? "pass the id instead" : `add ${idFlag} <pathway id>, pass the id instead of the file`;
      throw new EngineError(
        "usage",
        `${arg}: not in pathwaykit.manifest.json, so its pathway id is unknown; ${pass}, or run \`pathway fetch <id> -o ${arg}\` first.`,
      );
    }
    return { arg, id: entry.id, file: arg, entry };
  }
  assertPathwayId(arg);
  return { arg, id: arg, ...tracking(arg) };
}
