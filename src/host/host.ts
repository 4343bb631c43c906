// The host: the one small interface through which the engine touches files, stdin, environment, clock and network.

/** What `Host.stat` tells about a path. */
export interface HostStat {
  kind: "file" | "directory" | "other";
  size: number;
}

/** The subset of WHATWG fetch the engine passes on to the remote client and live webhooks. */
export type HostFetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * Everything outside the process's memory that engine operations use. Paths may be relative (to `cwd`) or absolute.
 * `createNodeHost` is the real one; tests and embedders may pass their own (e.g. an in-memory file system).
 */
export interface Host {
  /** Directory relative paths are resolved against, and that results name files relative to. */
  readonly cwd: string;
  /** Environment variables (API keys, base URLs, NO_COLOR...). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Reads a regular file whole. Rejects with a Node-style error (`code` ENOENT, EISDIR, ENOTREGULAR, EFBIG...). */
  readFile(file: string): Promise<Uint8Array>;
  /**
   * Reads a regular file in chunks, for inputs read a line at a time (NDJSON call records), whose size is bounded
   * by no one: it refuses what `readFile` refuses but the size, and reads the file as it was when opened (a file that
   * grows meanwhile is not followed). Optional: without it such inputs are read whole with `readFile`.
   */
  readFileChunks?(file: string): AsyncIterable<Uint8Array>;
  /** The largest file `readFile` reads, in bytes; a reader of lines holds each line to it too. Optional (no limit said). */
  readonly maxFileBytes?: number;
  /** What is at `file`, or undefined when nothing is. */
  stat(file: string): Promise<HostStat | undefined>;
  /**
   * The path with every symbolic link resolved, or undefined when nothing is there. Optional: a host without links
   * (in memory) leaves it out, and paths are then checked by their text alone (see resolveInsideRoot).
   */
  realPath?(file: string): Promise<string | undefined>;
  /** Replaces `file` atomically (readers see the old content or the new), creating parent directories. */
  writeFile(file: string, content: string | Uint8Array, options?: WriteOptions): Promise<void>;
  /** Files matching `patterns` (relative to `cwd`), sorted, as paths relative to `cwd` with forward slashes. */
  glob(patterns: readonly string[], options?: GlobOptions): Promise<string[]>;
  /** True when `pattern` is a glob rather than a plain path. */
  isGlob(pattern: string): boolean;
  /** Standard input, read to the end once (later calls get the same bytes). */
  readStdin(): Promise<Uint8Array>;
  /** The current time (fetchedAt stamps, durations). */
  now(): Date;
  /** The network. */
  fetch: HostFetch;
  /**
   * Imports a user's TypeScript or JavaScript module (`pathway build`) and returns its exports. It runs the user's
   * code: a host guards what it must (the CLI's turns an exit call during loading into an error).
   */
  importModule(file: string): Promise<Record<string, unknown>>;
}

/** Options of `Host.glob`; all optional. */
export interface GlobOptions {
  /** Globs (relative to `cwd`) never listed nor searched. */
  ignore?: readonly string[];
  /**
   * Real (link-free) absolute folders that a symbolic link met while searching may lead into. A link that leads
   * elsewhere (a file such as /etc/passwd, a folder such as /) is neither listed nor followed, and `onOutside` is told
   * its path relative to `cwd`. Absent: links are followed wherever they lead (a host without links ignores both).
   */
  within?: readonly string[];
  /** Told of each link skipped because it leads outside `within`. */
  onOutside?: (link: string) => void;
}

/** How `Host.writeFile` treats what it writes. */
export interface WriteOptions {
  /**
   * The content is the user's own document, made from their files (a formatted pathway, a built one, builder code):
   * a host that hides secrets in what it writes must write it unchanged (and may warn), since a webhook header that
   * really holds a key would otherwise be lost.
   */
  verbatim?: boolean;
}
