// The changelog of a remote pathway: its saved versions and, for each consecutive pair, what the diff found.
import type { DiffSummary, LikelyLoss } from "../diff/index.js";
import type { PathwayVersionInfo } from "./versions.js";

/** One step of the changelog: from a version to the next. */
export interface LogEntry {
  from: PathwayVersionInfo;
  to: PathwayVersionInfo;
  equal: boolean;
  summary: DiffSummary;
  losses: LikelyLoss[];
}

/** The changelog of a pathway, newest step first (what `logPathway` returns and `pathway log` prints). */
export interface PathwayLog {
  id: string;
  versions: PathwayVersionInfo[];
  /** Versions older than the window (`limit`) that were not read. */
  omitted: number;
  /**
   * Versions in the window the service would not give (missing, not a pathway); the log steps over them. Each is the
   * error object of every `--format json` output (`code` "remote", `reason` the RemoteError kind) with its version.
   */
  unreadable: { version: number; code: string; message: string; reason?: string }[];
  entries: LogEntry[];
  /** Which versions the service says are in production and staging (absent where it does not say). */
  promoted?: { production?: number; staging?: number };
}
