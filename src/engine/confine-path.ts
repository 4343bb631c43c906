// Keeps a path named by a committed file (the manifest) inside the project: no `..`, no absolute path, no symlink out.
import path from "node:path";
import type { Host } from "./host.js";

/** Where a confined path leads: the absolute path, or why it was refused (the end of a sentence about the path). */
export type ConfinedPath = { ok: true; path: string } | { ok: false; reason: string };

function inside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** The real path of `file`, or of its deepest existing ancestor with the rest appended (the file may not exist yet). */
async function realPathOf(realPath: NonNullable<Host["realPath"]>, file: string): Promise<string> {
  const rest: string[] = [];
  for (let current = file; ; ) {
    const real = await realPath(current);
    if (real !== undefined) return path.join(real, ...rest.reverse());
    const parent = path.dirname(current);
    if (parent === current) return file;
    rest.push(path.basename(current));
    current = parent;
  }
}

/**
 * Resolves `relative` against `root` and refuses it when it is absolute, climbs out with `..`, or reaches outside
 * `root` through a symbolic link (checked on the real paths of the file, or of its nearest existing folder, when the
 * host can resolve links). A file in the repository may name only files in the repository: a pull request must not
 * be able to make a tool write to `~/.bashrc` or `../other-project`.
 */
export async function resolveInsideRoot(host: Pick<Host, "realPath">, root: string, relative: string): Promise<ConfinedPath> {
  if (path.isAbsolute(relative) || path.win32.isAbsolute(relative)) return { ok: false, reason: "is an absolute path; use a path relative to the manifest's folder" };
  const resolved = path.resolve(root, relative);
  if (!inside(root, resolved)) return { ok: false, reason: "leaves the manifest's folder (through ..); keep pathway files inside the project" };
  const realPath = host.realPath?.bind(host);
  if (realPath && !inside(await realPathOf(realPath, root), await realPathOf(realPath, resolved))) {
    return { ok: false, reason: "leads outside the manifest's folder through a symbolic link; point it at a file inside the project" };
  }
  return { ok: true, path: resolved };
}
