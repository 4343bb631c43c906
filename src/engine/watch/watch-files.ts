// Watches a folder for saved pathway, scenario and config files (chokidar), bounded and debounced into batches of changes.
import { readdirSync, statSync, type Dirent } from "node:fs";
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
  /** Told of a folder that could not be watched once the watch runs (the watch goes on without it). Default: ignored. */
  onError?: (error: Error) => void;
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
  // Each folder watched as it was when the watch began, or when it was made or watched anew since: a folder made
  // again is another (see `identity`).
  const folders = new Map<string, string>();
  let ready = false;
  const watcher = watch(root, {
    ignoreInitial: true,
    // A link is watched as a link, never followed: `pathways/root -> /` would otherwise walk the whole disk, and
    // what a link leads to is the input expander's to confine (a saved link re-runs the inputs; one leading out of
    // the project is skipped there). The cost: edits inside a linked folder are not noticed.
    followSymlinks: false,
    // A folder the user may not read holds nothing the commands could read either: it is left out, not an error (a
    // `chmod 000` folder ended --watch at its start with "internal error: EACCES").
    ignorePermissionErrors: true,
    // A file is kept by its ending; a folder by its name. The stats are absent on the first call for a path.
    ignored: (file, stats) => {
      if (file !== root && SKIPPED_DIRS.has(path.basename(file))) return true;
      // Only the first scan's view: chokidar looks at a folder made again as if it were the old one.
      if (!ready && stats?.isDirectory()) folders.set(path.resolve(file), identity(stats));
      if (stats?.isFile() === true && !extensions.some((e) => file.endsWith(e))) return true;
      if (stats === undefined || kept.has(file)) return false;
      if (kept.size > maxFiles) return true;
      kept.add(file);
      return false;
    },
  });
  let closed = false;
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
    watcher.once("error", (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      void watcher.close();
      reject(new EngineError("io", `Cannot watch ${root}: ${reason}.`));
    });
  });
  // After the start an error has no listener of the caller's to go to: an 'error' event without one ends the process.
  watcher.on("error", (error: unknown) => options.onError?.(error instanceof Error ? error : new Error(String(error))));
  if (kept.size > maxFiles) {
    await watcher.close();
    throw new EngineError(
      "usage",
      `${root} holds more than ${maxFiles.toLocaleString("en-US")} files and folders to watch: watch from a narrower folder (node_modules and .git are skipped).`,
    );
  }
  ready = true;
  watcher.on("add", note("add")).on("change", note("change")).on("unlink", note("unlink"));
  // A folder removed and made again at once (`rm -rf x && mkdir x`, a branch checkout) went deaf for good: chokidar's
  // late clean-up of the old folder closed the new one's watchers, and no later save in it was seen. The old folder's
  // files are reported removed after the new folder exists, so a removal whose folder is not the one watched means
  // that folder was made again: it is watched anew, and what it holds now counts as added.
  const rewatching = new Map<string, NodeJS.Timeout>();
  const madeAgain = (file: string) => {
    const dir = path.dirname(path.resolve(file));
    const known = folders.get(dir);
    const now = statSync(dir, { throwIfNoEntry: false });
    if (closed || known === undefined || !now?.isDirectory() || identity(now) === known || rewatching.has(dir)) return;
    folders.set(dir, identity(now));
    // After chokidar's own clean-up of the old folder (it settles removals for 100 ms).
    rewatching.set(
      dir,
      setTimeout(() => {
        rewatching.delete(dir);
        if (closed) return;
        watcher.unwatch(dir);
        watcher.add(dir);
        for (const found of listFiles(dir, extensions, maxFiles)) note("add")(found);
      }, Math.max(debounceMs, 100) * 3),
    );
  };
  watcher.on("unlink", madeAgain).on("unlinkDir", madeAgain);
  watcher.on("addDir", (dir: string) => {
    const stats = statSync(dir, { throwIfNoEntry: false });
    if (stats?.isDirectory()) folders.set(path.resolve(dir), identity(stats));
  });
  return {
    get fileCount() {
      return kept.size;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      for (const pending of rewatching.values()) clearTimeout(pending);
      await watcher.close();
    },
  };
}

/** Files (and links) under `dir` whose names end with one of `extensions`, skipping node_modules and .git; at most `max`. */
function listFiles(dir: string, extensions: readonly string[], max: number): string[] {
  const found: string[] = [];
  const folders = [dir];
  while (folders.length > 0 && found.length < max) {
    const folder = folders.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) folders.push(full);
      } else if (extensions.some((e) => entry.name.endsWith(e)) && found.length < max) found.push(full);
    }
  }
  return found;
}

/**
 * What tells a folder from one made again at its path: its inode and its birth time. The inode alone does not: a file
 * system hands a freed inode straight to the next folder made (a folder removed and made again kept its number).
 * Where a file system keeps no birth time Node gives the change time, which a removal inside the folder changes too: a
 * folder is then watched anew after such a removal as well, which costs a rescan of it and nothing else.
 */
function identity(stats: { ino: number; birthtimeMs: number }): string {
  return `${stats.ino}:${stats.birthtimeMs}`;
}
