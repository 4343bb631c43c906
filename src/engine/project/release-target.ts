// Which remote pathway a release command works on (a tracked file, `remote:<id>` or an id), its manifest entry and the local file's content hash.
import type { Pathway } from "../../model/index.js";
import type { Host } from "../../host/host.js";
import { requirePathway } from "./load-pathway.js";
import { loadManifest, toRecordablePath, type LoadedManifest, type ManifestEntry } from "./manifest.js";
import { resolvePathwayArgument } from "./pathway-argument.js";
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

/**
 * Resolves `<file|id>` (through the one resolver, `resolvePathwayArgument`): the id (checked), the manifest and entry,
 * and for a file its content. Throws EngineError.
 */
export async function resolveReleaseTarget(host: Host, arg: string, options: ReleaseTargetOptions = {}): Promise<ReleaseTarget> {
  const manifest = options.manifest ?? (await loadManifest(host));
  const { id, file, entry } = await resolvePathwayArgument(host, arg, {
    manifest,
    ...(options.id !== undefined && { id: options.id }),
    ...(options.idFlag !== undefined && { idFlag: options.idFlag }),
  });
  // `lenient`: a file that cannot be read as a pathway still names its id (versions lists without the local match).
  const local = file === undefined ? undefined : options.lenient ? await readLocal(host, file).catch(() => undefined) : await readLocal(host, file);
  return { id, manifest, ...(file !== undefined && { file }), ...(entry && { entry }), ...(local && { local }) };
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
