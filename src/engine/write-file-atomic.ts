// Replaces a file so readers see the old content or the new, never half: a temp file beside it, synced, then renamed.
import { copyFile, lstat, mkdir, open, readdir, readlink, realpath, rename, rm, stat } from "node:fs/promises";
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

/** Where a write to `file` lands: the final target of a chain of symlinks (even a dangling one), else `file`. */
async function resolveTarget(file: string): Promise<string> {
  let current = path.resolve(file);
  for (let hops = 0; hops < 40; hops++) {
    let info;
    try {
      info = await lstat(current);
    } catch {
      return current;
    }
    if (!info.isSymbolicLink()) return current;
    try {
      return await realpath(current);
    } catch {
      // A dangling link: follow it by hand so the file is created where the link points.
      current = path.resolve(path.dirname(current), await readlink(current));
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
const listings = new Map<string, Promise<string[]>>();

/** Removes temp files of ours for `target` left by a writer that was killed (its pid is gone, or the file is old). */
async function removeStaleTemps(target: string): Promise<void> {
  const dir = path.dirname(target);
  const prefix = `.${path.basename(target)}${TEMP_MARKER}`;
  let listing = listings.get(dir);
  if (!listing) {
    listing = readdir(dir).catch(() => []);
    listings.set(dir, listing);
  }
  const names = await listing;
  for (const name of names) {
    const m = name.startsWith(prefix) ? /^(\d+)-[0-9a-z]+$/.exec(name.slice(prefix.length)) : null;
    if (!m) continue;
    const temp = path.join(dir, name);
    try {
      const info = await lstat(temp);
      if (!info.isFile()) continue;
      if (isAlive(Number(m[1])) && Date.now() - info.mtimeMs < STALE_AFTER_MS) continue;
      await rm(temp, { force: true });
    } catch {
      // Another writer removed it first, or it is not ours to remove: leave it.
    }
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
 */
export async function writeFileAtomic(file: string, content: string | Uint8Array): Promise<void> {
  const target = await resolveTarget(file);
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  await removeStaleTemps(target);
  let existing: { mode: number; nlink: number; uid: number; gid: number } | undefined;
  try {
    const info = await stat(target);
    existing = { mode: info.mode & 0o7777, nlink: info.nlink, uid: info.uid, gid: info.gid };
  } catch {
    // A new file.
  }
  const temp = path.join(dir, `.${path.basename(target)}${TEMP_MARKER}${process.pid}-${uniqueSuffix()}`);
  try {
    const handle = await open(temp, "wx", existing?.mode ?? 0o666);
    try {
      await handle.writeFile(content);
      // open() applies the umask; chmod gives the exact bits the old file had.
      if (existing) {
        // Owner first (only root may give a file away; anyone else keeps the file as theirs), then the mode, since
        // chown clears set-user-id bits.
        await handle.chown(existing.uid, existing.gid).catch(() => undefined);
        await handle.chmod(existing.mode);
      }
      // On disk before the rename, so a crash leaves the old file or the new one, not an empty one. A new file has no
      // old content to lose (a crash leaves at worst an empty new file, which the next run writes again), so it skips
      // the sync: `scenarios generate` writes thousands of files, and a sync each made that ten times slower.
      if (existing) await handle.sync();
    } finally {
      await handle.close();
    }
    if (existing && existing.nlink > 1) {
      await copyFile(temp, target);
      await rm(temp, { force: true });
    } else {
      await rename(temp, target);
    }
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
