// Which remote pathway a release command works on (a tracked file, `remote:<id>` or an id), its manifest entry and the local file's content hash.
import type { Pathway } from "../../model/index.js";
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { requirePathway } from "./load-pathway.js";
import { findEntryByFile, loadManifest, toRecordablePath, type LoadedManifest, type ManifestEntry } from "./manifest.js";
import { assertPathwayId, resolvePathwayId } from "./pathway-id.js";
import { loadRemote } from "./remote-client.js";

/** What a release command acts on. */
export interface ReleaseTarget {
  id: string;
  manifest: LoadedManifest;
  /** The local file, when the argument named one. */
  file?: string;
  /** The file's manifest entry (for an id: the one entry tracking that id, if exactly one does). */
  entry?: ManifestEntry;
  /** The local file's pathway and content hash (see getContentHash). */
  local?: { pathway: Pathway; bytes: Uint8Array; hash: string };
}

/** Options of `resolveReleaseTarget`. */
export interface ReleaseTargetOptions {
  /** The remote id for a file (the command's `idFlag`), instead of the file's manifest entry. */
  id?: string;
  /**
   * The command's flag that names a file's pathway (`--pathway-id`). When set, messages name it, and an `id` given with an
   * argument that is not a file is a usage error (it would be ignored). Default: none.
   */
  idFlag?: string;
  manifest?: LoadedManifest;
  /** A file that cannot be read as a pathway still names its id (versions lists without the local match). */
  lenient?: boolean;
}

/** Resolves `<file|id>`: the id (checked), the manifest and entry, and for a file its content. Throws EngineError. */
export async function resolveReleaseTarget(host: Host, arg: string, options: ReleaseTargetOptions = {}): Promise<ReleaseTarget> {
  const manifest = options.manifest ?? (await loadManifest(host));
  const isFile = arg.endsWith(".json") || (await host.stat(arg))?.kind === "file";
  if (!isFile && options.id !== undefined && options.idFlag !== undefined) {
    throw new EngineError("usage", `${options.idFlag} ${options.id} names the remote pathway of a file, but ${JSON.stringify(arg)} is not a file: pass the file with ${options.idFlag}, or the id alone.`);
  }
  // `lenient`: a file that cannot be read as a pathway still names its id (versions lists without the local match).
  const read = (file: string) => (options.lenient ? readLocal(host, file).catch(() => undefined) : readLocal(host, file));
  if (isFile && options.id !== undefined) {
    assertPathwayId(options.id, options.idFlag === undefined ? options.id : `${options.idFlag} ${options.id}`);
    const entry = findEntryByFile(manifest, host.cwd, arg);
    const local = await read(arg);
    return { id: options.id, manifest, file: arg, ...(entry?.id === options.id && { entry }), ...(local && { local }) };
  }
  const { id, file } = await resolvePathwayId(host, arg, manifest, options.idFlag === undefined ? {} : { idFlag: options.idFlag });
  assertPathwayId(id);
  if (file !== undefined) {
    const local = await read(file);
    return { id, manifest, file, entry: findEntryByFile(manifest, host.cwd, file)!, ...(local && { local }) };
  }
  const tracking = manifest.manifest.pathways.filter((e) => e.id === id);
  return { id, manifest, ...(tracking.length === 1 && { entry: tracking[0] }) };
}

async function readLocal(host: Host, file: string): Promise<ReleaseTarget["local"]> {
  const loaded = await requirePathway(host, file, { allowEmpty: true });
  const { getContentHash } = await loadRemote();
  return { pathway: loaded.pathway, bytes: loaded.bytes!, hash: getContentHash(loaded.pathway as Record<string, unknown>) };
}

/** The manifest path of the target's file, or undefined (no file, or outside the manifest's folder). */
export function toRecordedFile(host: Host, target: ReleaseTarget): string | undefined {
  if (target.entry) return target.entry.file;
  return target.file === undefined ? undefined : toRecordablePath(target.manifest, host.cwd, target.file);
}
