// Replaces a file so readers see the old content or the new, never half: a temp file beside it, synced, then renamed.
import {
  closeSync,
  copyFileSync,
  fchmodSync,
  fchownSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
  type Stats,
} from "node:fs";
import path from "node:path";

/** Marks our temporary files: `.<name>.pathwaykit-tmp-<pid>-<random>`. Nothing else is ever cleaned up. */
export const TEMP_MARKER = ".pathwaykit-tmp-";

/** A temp file of ours older than this is stale even if its pid is alive again (pids are reused). */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

let written = 0;
/**
 * Unique among this process's temp files (the pid before it separates processes); not crypto, whose loading costs a
 * cold start more than it buys: the temp is opened with "wx", so a clash fails loudly instead of sharing a file.
 */
function uniqueSuffix(): string {
  written += 1;
  return `${written.toString(36)}x${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Where a write to `file` lands: the final target of a chain of symlinks (even a dangling one), else `file`; with what
 * lstat found there when that was the target itself (saves a second look at it).
 */
function resolveTarget(file: string): { target: string; info?: Stats } {
  let current = path.resolve(file);
  for (let hops = 0; hops < 40; hops++) {
    // Most writes go to a new file: without throwIfNoEntry each one built an error with a stack trace (a third of
    // writing a thousand new files). Other errors (EACCES, ENOTDIR) still throw, and the open below reports them.
    let info;
    try {
      info = lstatSync(current, { throwIfNoEntry: false });
    } catch {
      return { target: current };
    }
    if (!info) return { target: current };
    if (!info.isSymbolicLink()) return { target: current, info };
    try {
      return { target: realpathSync(current) };
    } catch {
      // A dangling link: follow it by hand so the file is created where the link points.
      current = path.resolve(path.dirname(current), readlinkSync(current));
    }
  }
  const error = new Error(`ELOOP: too many symbolic links: ${file}`) as NodeJS.ErrnoException;
  error.code = "ELOOP";
  throw error;
}

function isAlive(pid: number): boolean {
  try {
    // Signal 0 tests for existence without touching the process; EPERM means it exists under another user.
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Each directory's names, listed once per process: temps left by a killed writer were there before this process
 * wrote, and this process removes its own, so one listing serves every later write into the directory (a fresh
 * listing per write made writing thousands of files into one directory quadratic).
 */
const listings = new Map<string, string[]>();

/** Removes temp files of ours for `target` left by a writer that was killed (its pid is gone, or the file is old). */
function removeStaleTemps(target: string): void {
  const dir = path.dirname(target);
  const prefix = `.${path.basename(target)}${TEMP_MARKER}`;
  let names = listings.get(dir);
  if (!names) {
    try {
      names = readdirSync(dir);
    } catch {
      names = [];
    }
    listings.set(dir, names);
  }
  for (const name of names) {
    const m = name.startsWith(prefix) ? /^(\d+)-[0-9a-z]+$/.exec(name.slice(prefix.length)) : null;
    if (!m) continue;
    const temp = path.join(dir, name);
    try {
      const info = lstatSync(temp);
      if (!info.isFile()) continue;
      // This process's own pid in the listing (taken before its first write here) is an earlier process's, reused.
      const pid = Number(m[1]);
      if (pid !== process.pid && isAlive(pid) && Date.now() - info.mtimeMs < STALE_AFTER_MS) continue;
      rmSync(temp, { force: true });
    } catch {
      // Another writer removed it first, or it is not ours to remove: leave it.
    }
  }
}

/** True when the file at `target` holds exactly `bytes` (false when it cannot be read: then it is written). */
function holds(target: string, bytes: Uint8Array): boolean {
  try {
    return Buffer.compare(readFileSync(target), bytes) === 0;
  } catch {
    return false;
  }
}

/** Opens a new temp file, creating its directory when it is missing (checked only then: most writes go to one that exists). */
function openTemp(temp: string, mode: number): number {
  try {
    return openSync(temp, "wx", mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(path.dirname(temp), { recursive: true });
    return openSync(temp, "wx", mode);
  }
}

/**
 * Replaces `file` with `content`, creating parent directories; on failure the old file is untouched.
 *
 * - A symlink is written through: its target gets the new content and the link stays a link.
 * - The target's permission bits are kept (a 0600 file stays 0600), and its owner and group where the process may
 *   set them; a new file gets the usual 0666 minus umask.
 * - A file with several hard links is rewritten in place after the new content is safely on disk beside it, so the
 *   links stay one file; that last copy is not atomic (a reader may see a partial file while it runs), the price of
 *   keeping the links.
 * - Replacing a file syncs the new content to disk before the rename; a new file is not synced (nothing to lose).
 * - The temp file is removed on any error; one left by a writer killed outright (SIGKILL, power loss) is removed by
 *   the next write to the same file.
 * - A file that already holds exactly `content` is left alone (its time stamp too): regenerating a suite rewrites only
 *   the files that change.
 *
 * The file system calls are synchronous: each is short, and through the thread pool every one of them cost a round
 * trip (a wake-up of a worker and of the event loop) that was most of the work. `scenarios generate` writes over a
 * thousand files: 41,000 futex calls and about twice the CPU time of the calls themselves. The promise stays, so
 * callers and hosts are unchanged; the event loop waits at most one file's calls (and a replaced file's sync).
 */
export async function writeFileAtomic(file: string, content: string | Uint8Array): Promise<void> {
  writeFileAtomicNow(file, content);
}

function writeFileAtomicNow(file: string, content: string | Uint8Array): void {
  const { target, info } = resolveTarget(file);
  const dir = path.dirname(target);
  removeStaleTemps(target);
  // A symlink's target is looked at once more (lstat saw the link); a plain path's lstat already said what is there.
  let found = info;
  if (!found && target !== path.resolve(file)) {
    try {
      found = lstatSync(target, { throwIfNoEntry: false });
    } catch {
      // Not ours to look at: the open below says why.
    }
  }
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  if (found?.isFile() && found.size === bytes.byteLength && holds(target, bytes)) return;
  const existing = found && { mode: found.mode & 0o7777, nlink: found.nlink, uid: found.uid, gid: found.gid };
  const temp = path.join(dir, `.${path.basename(target)}${TEMP_MARKER}${process.pid}-${uniqueSuffix()}`);
  try {
    const fd = openTemp(temp, existing?.mode ?? 0o666);
    try {
      writeFileSync(fd, bytes);
      // open() applies the umask; chmod gives the exact bits the old file had.
      if (existing) {
        // Owner first (only root may give a file away; anyone else keeps the file as theirs), then the mode, since
        // chown clears set-user-id bits.
        try {
          fchownSync(fd, existing.uid, existing.gid);
        } catch {
          // Not ours to give away: the file stays the writer's.
        }
        fchmodSync(fd, existing.mode);
      }
      // On disk before the rename, so a crash leaves the old file or the new one, not an empty one. A new file has no
      // old content to lose (a crash leaves at worst an empty new file, which the next run writes again), so it skips
      // the sync: `scenarios generate` writes thousands of files, and a sync each made that ten times slower.
      if (existing) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (existing && existing.nlink > 1) {
      copyFileSync(temp, target);
      rmSync(temp, { force: true });
    } else {
      renameSync(temp, target);
    }
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
