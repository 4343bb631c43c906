// Watches a folder for saved pathway, scenario and config files (chokidar), bounded and debounced into batches of changes.
import path from "node:path";
import { EngineError } from "../../host/errors.js";

/** One file that was added, changed or removed since the last batch. */
export interface FileChange {
  /** Absolute path. */
  file: string;
  kind: "add" | "change" | "unlink";
}

/** Options of `watchFiles`; all optional. */
export interface WatchFilesOptions {
  /** Quiet time after the last change before a batch is delivered, in ms. Default 100 (an editor's save is several writes). */
  debounceMs?: number;
  /** Most files watched; more is refused with EngineError("usage"). Default 20,000. */
  maxFiles?: number;
  /** File name endings watched. Default .json, .yaml, .yml (pathways, scenarios, configs, mocks). */
  extensions?: readonly string[];
}

/** A running watch: `close` stops it (idempotent). */
export interface FileWatch {
  /** How many files are watched. */
  readonly fileCount: number;
  close(): Promise<void>;
}

/** Folders never watched: installed packages and version control hold no pathway a user is saving. */
const SKIPPED_DIRS = new Set(["node_modules", ".git"]);

/** The default for `maxFiles`: far above any real project, far below what exhausts inotify watches. */
export const DEFAULT_MAX_WATCHED_FILES = 20_000;

/**
 * Watches `root` (recursively, skipping node_modules and .git) and calls `onChange` with each debounced batch of
 * changed files; batches never overlap a running `onChange` (changes made meanwhile come in the next batch).
 * Resolves when the initial scan is done. chokidar was chosen by measurement: on this repository Node 20's recursive
 * `fs.watch` walks node_modules too (about 9 s and 170 MB before the first event), chokidar skips it (under 1.7 s, 66 MB).
 */
export async function watchFiles(root: string, onChange: (changes: FileChange[]) => Promise<void> | void, options: WatchFilesOptions = {}): Promise<FileWatch> {
  const { watch } = await import("chokidar"); // why: only --watch needs it
  const debounceMs = options.debounceMs ?? 100;
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_WATCHED_FILES;
  const extensions = options.extensions ?? [".json", ".yaml", ".yml"];
  // Paths kept so far (bounded: past maxFiles everything else is skipped and the watch refused once the scan ends).
  const kept = new Set<string>();
  const watcher = watch(root, {
    ignoreInitial: true,
    // A link is watched as a link, never followed: `pathways/root -> /` would otherwise walk the whole disk, and
    // what a link leads to is the input expander's to confine (a saved link re-runs the inputs; one leading out of
    // the project is skipped there). The cost: edits inside a linked folder are not noticed.
    followSymlinks: false,
    // A file is kept by its ending; a folder by its name. The stats are absent on the first call for a path.
    ignored: (file, stats) => {
      if (file !== root && SKIPPED_DIRS.has(path.basename(file))) return true;
      if (stats?.isFile() === true && !extensions.some((e) => file.endsWith(e))) return true;
      if (stats === undefined || kept.has(file)) return false;
      if (kept.size > maxFiles) return true;
      kept.add(file);
      return false;
    },
  });
  const pending = new Map<string, FileChange["kind"]>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const flush = async (): Promise<void> => {
    timer = undefined;
    if (running) return; // the running batch schedules the next one when it ends
    const changes = [...pending].map(([file, kind]) => ({ file, kind }));
    pending.clear();
    if (changes.length === 0) return;
    running = Promise.resolve(onChange(changes)).finally(() => {
      running = undefined;
      if (pending.size > 0) timer = setTimeout(() => void flush(), debounceMs);
    });
    await running;
  };
  const note = (kind: FileChange["kind"]) => (file: string) => {
    pending.set(path.resolve(file), pending.get(path.resolve(file)) === "add" && kind === "change" ? "add" : kind);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), debounceMs);
  };
  await new Promise<void>((resolve, reject) => {
    watcher.once("ready", resolve);
    watcher.once("error", reject);
  });
  if (kept.size > maxFiles) {
    await watcher.close();
    throw new EngineError(
      "usage",
      `${root} holds more than ${maxFiles.toLocaleString("en-US")} files and folders to watch: watch from a narrower folder (node_modules and .git are skipped).`,
    );
  }
  watcher.on("add", note("add")).on("change", note("change")).on("unlink", note("unlink"));
  let closed = false;
  return {
    get fileCount() {
      return kept.size;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      await watcher.close();
    },
  };
}
