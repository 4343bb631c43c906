// A pathway's changelog: its saved versions, and what changed between each consecutive pair, by kind.
import { getPathwayDiff, type DiffOptions, type DiffSummary, type LikelyLoss } from "../diff/index.js";
import type { PathwayClient, PathwayVersionInfo } from "../remote/index.js";

/** Options of `getPathwayLog`; all optional. */
export interface LogOptions {
  /** Only the newest this many versions (so `limit` reads, `limit - 1` diffs). Default 20. */
  limit?: number;
  /** Versions read at a time. Default 4. */
  concurrency?: number;
  /** Passed to the diff of each pair. */
  diff?: DiffOptions;
}

/** One step of the changelog: from a version to the next. */
export interface LogEntry {
  from: PathwayVersionInfo;
  to: PathwayVersionInfo;
  equal: boolean;
  summary: DiffSummary;
  losses: LikelyLoss[];
}

/** The changelog of a pathway, newest step first. */
export interface PathwayLog {
  id: string;
  versions: PathwayVersionInfo[];
  /** Versions older than the window (`limit`) that were not read. */
  omitted: number;
  entries: LogEntry[];
}

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/** The service's per-version bookkeeping, which differs between any two versions and would drown the real changes. */
const BOOKKEEPING = ["version_number", "is_latest", "revision_number", "published_at"];

function withoutBookkeeping(pathway: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...pathway };
  for (const key of BOOKKEEPING) delete copy[key];
  return copy;
}

/** The saved versions of a pathway, oldest first. Throws RemoteError. */
export function listPathwayVersions(client: PathwayClient, id: string): Promise<PathwayVersionInfo[]> {
  return client.listVersions(id);
}

/**
 * Reads the newest `limit` versions (each once, a few at a time) and diffs each consecutive pair. Throws RemoteError
 * when the list or a version cannot be read.
 */
export async function getPathwayLog(client: PathwayClient, id: string, options: LogOptions = {}): Promise<PathwayLog> {
  const limit = Math.max(2, options.limit ?? 20);
  const versions = await client.listVersions(id);
  const window = versions.slice(-limit);
  const values = await mapLimited(window, options.concurrency ?? 4, async (v) => withoutBookkeeping((await client.getVersion(id, v.version)).pathway));
  const entries: LogEntry[] = [];
  for (let i = window.length - 1; i > 0; i--) {
    const diff = getPathwayDiff(values[i - 1], values[i], options.diff);
    entries.push({ from: window[i - 1]!, to: window[i]!, equal: diff.equal, summary: diff.summary, losses: diff.losses });
  }
  return { id, versions, omitted: versions.length - window.length, entries };
}
