// `fetchPathways`: downloads remote pathways into canonical JSON files, atomically, and records them in the manifest.
import path from "node:path";
import type { FetchedPathway } from "../remote/index.js";
import { EngineError } from "./errors.js";
import type { Host } from "./host.js";
import { createEmptyManifest, fromManifestPath, loadManifest, saveManifest, setEntry, toManifestPath } from "./manifest.js";
import { createClient, mapPool, type RemoteOptions } from "./remote.js";

/** Options of `fetchPathways`; all optional. */
export interface FetchPathwaysOptions extends RemoteOptions {
  /** The file to write (one id only); "-" returns the text in the outcome instead of writing it. */
  output?: string;
  /** Directory for new files, named <id>.json. Default "pathways". */
  outDir?: string;
  /** Read and update pathwaykit.manifest.json. Default true. */
  manifest?: boolean;
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
  error?: { kind: string; message: string };
  /** The canonical JSON, when `output` was "-" (not printed by --format json). */
  text?: string;
}

/** A file name for a pathway id: unsafe characters become `_`. */
export function toPathwayFileName(id: string): string {
  const safe = id.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_");
  return `${safe || "pathway"}.json`;
}

/**
 * Fetches `ids` (none: every pathway in the manifest) and writes each as canonical JSON; a failed download leaves its
 * file as it was. Per-id failures are outcomes with `ok: false`; only misuse (no ids and no manifest, -o with several
 * ids) throws.
 */
export async function fetchPathways(host: Host, ids: readonly string[], options: FetchPathwaysOptions = {}): Promise<FetchOutcome[]> {
  const useManifest = options.manifest !== false;
  const loaded = useManifest ? await loadManifest(host) : createEmptyManifest(host.cwd);
  if (options.output !== undefined && ids.length !== 1) throw new EngineError("usage", "-o/--output takes exactly one pathway id; use --out-dir for several.");
  type Job = { id: string; file: string; endpoint: "convo" | "pathway" };
  let jobs: Job[];
  if (ids.length === 0) {
    if (!useManifest || loaded.manifest.pathways.length === 0) {
      throw new EngineError("usage", "No pathway ids given and no pathways in pathwaykit.manifest.json; run e.g. `pathway fetch <id> -o pathways/name.json` first.");
    }
    jobs = loaded.manifest.pathways.map((e) => ({ id: e.id, file: path.relative(host.cwd, fromManifestPath(loaded, e)) || e.file, endpoint: options.endpoint ?? e.endpoint ?? "convo" }));
  } else {
    jobs = ids.map((id) => {
      const known = loaded.manifest.pathways.find((e) => e.id === id);
      const file = options.output ?? (known ? path.relative(host.cwd, fromManifestPath(loaded, known)) : path.join(options.outDir ?? "pathways", toPathwayFileName(id)));
      return { id, file, endpoint: options.endpoint ?? known?.endpoint ?? "convo" };
    });
  }
  const client = await createClient(host, options, loaded);
  const { toCanonicalJson } = await import("../model/canonical.js");
  const { RemoteError } = await import("../remote/index.js");
  const fetched = new Map<number, FetchedPathway>();
  let done = 0;
  const outcomes = await mapPool(jobs, options.concurrency ?? 4, async (job, index): Promise<FetchOutcome> => {
    try {
      const result = await client.getPathway(job.id, { endpoint: job.endpoint });
      const text = toCanonicalJson(result.pathway);
      if (job.file !== "-") await host.writeFile(job.file, text);
      fetched.set(index, result);
      const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
      return { id: job.id, file: job.file, ok: true, hash: result.hash, nodes: count(result.pathway.nodes), edges: count(result.pathway.edges), warnings: result.warnings, ...(job.file === "-" && { text }) };
    } catch (error) {
      if (error instanceof RemoteError) return { id: job.id, file: job.file, ok: false, warnings: [], error: { kind: error.kind, message: error.message } };
      const code = (error as NodeJS.ErrnoException).code;
      if (typeof code === "string") return { id: job.id, file: job.file, ok: false, warnings: [], error: { kind: "write", message: `cannot write ${job.file} (${code}); the old file is unchanged.` } };
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
      setEntry(loaded, { file: toManifestPath(loaded, host.cwd, job.file), id: job.id, endpoint: job.endpoint, hash: result.hash, fetchedAt: now });
      changed = true;
    });
    if (changed) await saveManifest(host, loaded);
  }
  return outcomes;
}
