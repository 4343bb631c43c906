// `logPathway`: a pathway's changelog (`pathway log`): its saved versions, and what changed between each consecutive pair, by kind.
import { getPathwayDiff, type DiffOptions } from "../../diff/index.js";
import type { LogEntry, PathwayClient, PathwayLog } from "../../remote/index.js";
import { RemoteError, toReleaseMarkers } from "../../remote/index.js";
import { toErrorObject } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { loadManifest } from "../project/manifest.js";
import { resolvePathwayArgument } from "../project/pathway-argument.js";
import { createClient, toEngineError, type RemoteOptions } from "../project/remote-client.js";
import { mapPool } from "../../host/map-pool.js";
import { withoutVersionBookkeeping } from "../project/remote-pathways.js";

/** Options of `getVersionLog` and `logPathway`; all optional. */
export interface LogOptions extends RemoteOptions {
  /** Only the newest this many versions (so `limit` reads, `limit - 1` diffs). Default 20. */
  limit?: number;
  /** Passed to the diff of each pair. */
  diff?: DiffOptions;
}

/** Failures that belong to one version (the log goes on without it); anything else (key, network) stops the log. */
const PER_VERSION: ReadonlySet<string> = new Set(["not-found", "shape", "invalid-json", "truncated", "http"]);

/** The id `target` names (an id, `remote:<id>`, or a tracked file) and a client for it, then `work` with RemoteErrors as EngineErrors. */
async function withPathway<T>(host: Host, target: string, options: RemoteOptions, work: (client: PathwayClient, id: string) => Promise<T>): Promise<T> {
  const loaded = await loadManifest(host);
  const { id } = await resolvePathwayArgument(host, target, { manifest: loaded });
  const client = await createClient(host, options, loaded);
  try {
    return await work(client, id);
  } catch (error) {
    throw await toEngineError(error);
  }
}

/** The changelog of the pathway `target` names (an id, `remote:<id>`, or a tracked file). Throws EngineError. */
export function logPathway(host: Host, target: string, options: LogOptions = {}): Promise<PathwayLog> {
  return withPathway(host, target, options, async (client, id) => {
    const log = await getVersionLog(client, id, options);
    // Promotions where the service reports them; a log without them is still a log.
    const promoted = await client.getPathway(id, { endpoint: "pathway" }).then(
      (p) => toReleaseMarkers(p.pathway),
      () => ({}),
    );
    return { ...log, promoted };
  });
}

/**
 * Reads the newest `limit` versions (each once, a few at a time) and diffs each consecutive pair. Throws RemoteError
 * when the list or a version cannot be read.
 */
export async function getVersionLog(client: PathwayClient, id: string, options: LogOptions = {}): Promise<PathwayLog> {
  const limit = Math.max(2, options.limit ?? 20);
  const versions = await client.listVersions(id);
  const window = versions.slice(-limit);
  let done = 0;
  const unreadable: PathwayLog["unreadable"] = [];
  const values = await mapPool(window, options.concurrency ?? 4, async (v) => {
    try {
      return withoutVersionBookkeeping((await client.getVersion(id, v.version)).pathway);
    } catch (error) {
      if (!(error instanceof RemoteError) || !PER_VERSION.has(error.kind)) throw error;
      unreadable.push({ version: v.version, ...toErrorObject(error) });
      return undefined;
    } finally {
      options.onProgress?.({ done: ++done, total: window.length, detail: `version ${v.version}` });
    }
  });
  // Consecutive readable versions, newest first: an unreadable one is stepped over, not compared as empty.
  const readable = window.map((v, i) => ({ v, value: values[i] })).filter((x) => x.value !== undefined);
  const entries: LogEntry[] = [];
  for (let i = readable.length - 1; i > 0; i--) {
    const diff = getPathwayDiff(readable[i - 1]!.value, readable[i]!.value, options.diff);
    entries.push({ from: readable[i - 1]!.v, to: readable[i]!.v, equal: diff.equal, summary: diff.summary, losses: diff.losses });
  }
  unreadable.sort((x, y) => y.version - x.version);
  return { id, versions, omitted: versions.length - window.length, unreadable, entries };
}
