// `fetchPathways`: downloads remote pathways into canonical JSON files, atomically, and records them in the manifest.
import path from "node:path";
import type { FetchedPathway, RemoteRef } from "../../remote/index.js";
import { toCanonicalJson } from "../../model/canonical.js";
import { getNodes } from "../../model/pathway.js";
import { RemoteError } from "../../remote/index.js";
import { EngineError, createErrorObject, toErrorObject, type ErrorObject } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { isRemoteArgument, parseVersionedId } from "../project/remote-argument.js";
import { getLocalFileState, isSafeToReplace, toLocalEditsMessage } from "../project/local-edits.js";
import {
  MANIFEST_FILE,
  createEmptyManifest,
  findEntryByFile,
  fromManifestPath,
  loadManifest,
  resolveEntryFile,
  saveManifest,
  setEntry,
  toManifestPath,
  toRecordablePath,
  type LoadedManifest,
  type ManifestEntry,
} from "../project/manifest.js";
import { createClient, type RemoteOptions } from "../project/remote-client.js";
import { mapPool } from "../../host/map-pool.js";
import { fetchRemoteRef } from "../project/remote-pathways.js";
import { toIdFileName } from "../project/id-file-name.js";

/** Options of `fetchPathways`; all optional. */
export interface FetchPathwaysOptions extends RemoteOptions {
  /** The file to write (one id only); "-" returns the text in the outcome instead of writing it. */
  output?: string;
  /** Directory for new files, named <id>.json. Default "pathways". */
  outDir?: string;
  /** Read and update pathwaykit.manifest.json. Default true. */
  manifest?: boolean;
  /** Overwrite files with local edits. Default false: such a file is left as it is and reported as skipped. */
  force?: boolean;
}

/** One fetch's outcome, as `pathway fetch --format json` prints it. */
export interface FetchOutcome {
  id: string;
  file: string;
  ok: boolean;
  hash?: string;
  nodes?: number;
  edges?: number;
  warnings: string[];
  /** True when the file had local edits and was left byte for byte as it was (`error`: code "refused", reason "local-edits"). */
  skipped?: boolean;
  /** The saved version fetched (`<id>@<n>`, `<id>@latest`), when one was asked for. */
  version?: number;
  /** Why it failed: the error object of every `--format json` output. */
  error?: ErrorObject;
  /** The canonical JSON, when `output` was "-" (not printed by --format json). */
  text?: string;
}

/**
 * Finds the manifest entry of another pathway that a file already belongs to: the same path as recorded, or the same
 * file on disk (a folder that ignores case, a symbolic link). Entries' real paths are worked out once, on first need.
 */
function createOwnerLookup(host: Host, loaded: LoadedManifest): (id: string, file: string) => Promise<ManifestEntry | undefined> {
  let byRealPath: Promise<Map<string, ManifestEntry[]>> | undefined;
  const realPathsOf = async () => {
    const map = new Map<string, ManifestEntry[]>();
    for (const e of loaded.manifest.pathways) {
      const real = await host.realPath?.(fromManifestPath(loaded, e));
      if (real !== undefined) map.set(real, [...(map.get(real) ?? []), e]);
    }
    return map;
  };
  return async (id, file) => {
    const key = toManifestPath(loaded, host.cwd, file);
    const same = loaded.manifest.pathways.find((e) => e.id !== id && e.file === key);
    if (same || !host.realPath) return same;
    const real = await host.realPath(file);
    if (real === undefined) return undefined;
    byRealPath ??= realPathsOf();
    return (await byRealPath).get(real)?.find((e) => e.id !== id);
  };
}

/**
 * Fetches `ids` (none: every pathway in the manifest; `<id>@<n>` or `<id>@latest` for a saved version) and writes each
 * as canonical JSON; a failed download leaves its file as it was, and so does a file with local edits (its content no
 * longer matches the hash recorded at the last fetch or push, or fetch never wrote it) unless `force`: that outcome is
 * `skipped`. Per-id failures are outcomes with `ok: false`; only misuse (no ids and no manifest, -o with several
 * ids) throws.
 */
export async function fetchPathways(host: Host, ids: readonly string[], options: FetchPathwaysOptions = {}): Promise<FetchOutcome[]> {
  const useManifest = options.manifest !== false;
  const loaded = useManifest ? await loadManifest(host) : createEmptyManifest(host.cwd);
  if (options.output !== undefined && ids.length !== 1) throw new EngineError("usage", "-o/--output takes exactly one pathway id; use --out-dir for several.");
  // `error`: the manifest entry names a path outside the project; that job is reported, the others still run.
  type Job = { id: string; file: string; endpoint: "convo" | "pathway"; ref: RemoteRef; error?: string };
  const entryFile = async (e: ManifestEntry) => {
    const resolved = await resolveEntryFile(host, loaded, e);
    return resolved.path === undefined ? { file: e.file, error: resolved.error } : { file: path.relative(host.cwd, resolved.path) || e.file };
  };
  let jobs: Job[];
  if (ids.length === 0) {
    if (!useManifest || loaded.manifest.pathways.length === 0) {
      throw new EngineError(
        "usage",
        "No pathway ids given and no pathways in pathwaykit.manifest.json; run e.g. `pathway fetch <id> -o pathways/name.json` first.",
      );
    }
    jobs = await Promise.all(
      loaded.manifest.pathways.map(async (e) => ({
        id: e.id,
        ...(await entryFile(e)),
        endpoint: options.endpoint ?? e.endpoint ?? "convo",
        ref: { id: e.id },
      })),
    );
  } else {
    jobs = await Promise.all(
      ids.map(async (arg) => {
        const ref = parseVersionedId(isRemoteArgument(arg) ? arg.slice("remote:".length) : arg, arg);
        const id = ref.id;
        const known = loaded.manifest.pathways.find((e) => e.id === id);
        // A file recorded under the old lossy names (`a b` -> a_b.json) is still found through its manifest entry, by id.
        const where =
          options.output !== undefined
            ? { file: options.output }
            : known
              ? await entryFile(known)
              : { file: path.join(options.outDir ?? "pathways", toIdFileName(id)) };
        return { id, ...where, endpoint: options.endpoint ?? known?.endpoint ?? "convo", ref };
      }),
    );
  }
  const client = await createClient(host, options, loaded);
  const readBytes = async (file: string): Promise<Uint8Array | undefined> => {
    try {
      return await host.readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  };
  const fetched = new Map<number, FetchedPathway>();
  const findOtherOwner = createOwnerLookup(host, loaded);
  let done = 0;
  const outcomes = await mapPool(jobs, options.concurrency ?? 4, async (job, index): Promise<FetchOutcome> => {
    try {
      if (job.error !== undefined) return { id: job.id, file: job.file, ok: false, warnings: [], error: createErrorObject("config", job.error, "manifest") };
      // Before the download: a file that belongs to another pathway is never replaced, nor its manifest entry swapped
      // (push would then upload one pathway's content over the other), --force or not.
      const owner = job.file === "-" || !useManifest ? undefined : await findOtherOwner(job.id, job.file);
      if (owner) {
        const message = `${job.file} belongs to pathway ${owner.id} in ${MANIFEST_FILE}; fetching ${job.id} there would replace that pathway's file and its entry. Nothing was written; fetch ${job.id} with -o <another file>.`;
        return { id: job.id, file: job.file, ok: false, warnings: [], error: createErrorObject("refused", message, "other-id") };
      }
      const result = await fetchRemoteRef(client, job.ref, job.endpoint);
      const version = result.version !== undefined ? { version: result.version } : {};
      if (job.file !== "-" && !options.force) {
        // Checked after the download: a file that already holds exactly the remote content loses nothing.
        const entry = findEntryByFile(loaded, host.cwd, job.file);
        const state = await getLocalFileState(job.file, entry?.fileHash ?? entry?.hash, readBytes);
        if (state.state === "edited" && !isSafeToReplace(state, result.hash)) {
          return {
            id: job.id,
            file: job.file,
            ok: false,
            skipped: true,
            ...version,
            warnings: result.warnings,
            error: createErrorObject("refused", toLocalEditsMessage(job.file, job.id, state), "local-edits"),
          };
        }
      }
      const text = toCanonicalJson(result.pathway);
      if (job.file !== "-") await host.writeFile(job.file, text);
      fetched.set(index, result);
      const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
      // Nodes, not entries of nodes[]: the {globalConfig} entry is the pathway's global prompt.
      return {
        id: job.id,
        file: job.file,
        ok: true,
        ...version,
        hash: result.hash,
        nodes: getNodes(result.pathway).length,
        edges: count(result.pathway.edges),
        warnings: result.warnings,
        ...(job.file === "-" && { text }),
      };
    } catch (error) {
      if (error instanceof RemoteError) return { id: job.id, file: job.file, ok: false, warnings: [], error: toErrorObject(error) };
      const code = (error as NodeJS.ErrnoException).code;
      if (typeof code === "string")
        return {
          id: job.id,
          file: job.file,
          ok: false,
          warnings: [],
          error: createErrorObject("io", `cannot write ${job.file} (${code}); the old file is unchanged.`),
        };
      throw error;
    } finally {
      options.onProgress?.({ done: ++done, total: jobs.length, detail: job.id });
    }
  });
  if (useManifest) {
    const now = host.now().toISOString();
    let changed = false;
    jobs.forEach((job, i) => {
      const result = fetched.get(i);
      if (!result || job.file === "-") return;
      const file = toRecordablePath(loaded, host.cwd, job.file);
      if (file === undefined) {
        outcomes[i]!.warnings.push(`${job.file} is outside the manifest's folder, so it was not recorded in ${MANIFEST_FILE}.`);
        return;
      }
      setEntry(loaded, { file, id: job.id, endpoint: job.endpoint, hash: result.hash, fetchedAt: now });
      changed = true;
    });
    if (changed) await saveManifest(host, loaded);
  }
  return outcomes;
}
