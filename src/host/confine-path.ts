// Keeps a path named by a file the project contains (manifest, config, scenario) inside the project: no `..` out, no absolute path outside, no symlink out.
import path from "node:path";
import type { Host } from "./host.js";
import { isInside } from "./confined-links.js";
import { toRealPath } from "./real-path.js";

/** Where a confined path leads: the absolute path, or why it was refused (the end of a sentence about the path). */
export type ConfinedPath = { ok: true; path: string } | { ok: false; reason: string };

/** Options of `resolveInsideRoot`; all optional. */
export interface ConfineOptions {
  /** The folder a relative path is resolved against. Default: the root itself (a manifest names files from its folder). */
  base?: string;
  /** The root as a message names it. Default "the manifest's folder". */
  rootName?: string;
}

/**
 * Resolves `relative` (against `options.base`, default `root`) and refuses it when it is an absolute path outside
 * `root` (a Windows drive path always: it cannot name a file here), climbs out of `root` with `..`, or reaches outside
 * `root` through a symbolic link (checked on the real paths of the file, or of its nearest existing folder, when the
 * host can resolve links). Nothing is read: the answer comes from the path and the links alone. A file in the
 * repository may name only files in the repository: a pull request must not be able to make a tool read `~/.env` into
 * a CI log or write to `~/.bashrc` or `../other-project`.
 */
export async function resolveInsideRoot(host: Pick<Host, "realPath">, root: string, relative: string, options: ConfineOptions = {}): Promise<ConfinedPath> {
  const rootName = options.rootName ?? "the manifest's folder";
  const absolute = path.isAbsolute(relative);
  if (!absolute && path.win32.isAbsolute(relative)) return { ok: false, reason: `is an absolute path; use a path relative to ${rootName}` };
  const resolved = path.resolve(options.base ?? root, relative);
  if (!isInside(root, resolved)) {
    return {
      ok: false,
      reason: absolute
        ? `is an absolute path outside ${rootName}; use a path relative to ${rootName}`
        : `leaves ${rootName} (through ..); keep the files it names inside the project`,
    };
  }
  if (host.realPath && !isInside(await toRealPath(host, root), await toRealPath(host, resolved))) {
    return { ok: false, reason: `leads outside ${rootName} through a symbolic link; point it at a file inside the project` };
  }
  return { ok: true, path: resolved };
}

/**
 * Whether a file found by searching upwards for its name (pathway.config.json, pathwaykit.manifest.json) may be read:
 * a file may; a symbolic link only when it leads inside the folder holding it or the repository holding that (the
 * nearest folder with `.git`), so a shared config linked from a package folder is still read. A folder walk refuses
 * links out of the project, but the search for a config went through them: a pull request that added
 * `pathways/pathway.config.json -> /etc/passwd` put the start of that file in the CI log, through the syntax error
 * ("root:x:0:0"...). `file` is absolute; nothing is read, only links resolved.
 */
export async function checkFoundFile(host: Pick<Host, "realPath" | "stat">, file: string): Promise<ConfinedPath> {
  const real = await host.realPath?.(file);
  // No links on this host, or nothing there (a dangling link): reading it fails as any missing file does.
  if (real === undefined) return { ok: true, path: file };
  const dir = path.dirname(file);
  const realDir = await toRealPath(host, dir);
  if (real === path.join(realDir, path.basename(file))) return { ok: true, path: file };
  const roots = [realDir];
  for (let at = dir; ; at = path.dirname(at)) {
    if ((await host.stat(path.join(at, ".git"))) !== undefined) {
      roots.push(await toRealPath(host, at));
      break;
    }
    if (path.dirname(at) === at) break;
  }
  if (roots.some((root) => isInside(root, real))) return { ok: true, path: file };
  return { ok: false, reason: "is a symbolic link that leads outside the project, so nothing was read from it" };
}

/** What marks the top folder of a project: the nearest folder above a file holding one of these is its project root. */
export const PROJECT_ROOT_MARKERS = [".git", "package.json", "pathway.config.json", "pathwaykit.manifest.json"] as const;

/**
 * The project root of `file` (absolute, or relative to `host.cwd`): the nearest folder at or above it holding `.git`,
 * `package.json`, `pathway.config.json` or `pathwaykit.manifest.json`; without one, the working directory when the file
 * lies under it, else the file's own folder. Scenarios name their pathway and mocks relative to themselves, often with
 * `../`; this is how far up they may reach.
 */
export async function findProjectRoot(host: Pick<Host, "cwd" | "stat">, file: string): Promise<string> {
  const start = path.dirname(path.resolve(host.cwd, file));
  for (let dir = start; ; ) {
    for (const marker of PROJECT_ROOT_MARKERS) if ((await host.stat(path.join(dir, marker))) !== undefined) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return isInside(path.resolve(host.cwd), start) ? path.resolve(host.cwd) : start;
}

/** A `..` segment anywhere in a glob's wildcard part, braces and extglobs included (`{..,x}/**`, `@(..)/*`). */
const CLIMBING_GLOB = /(^|[/{,(|])\.\.($|[/},)|])/;

/**
 * Checks a glob before anything is searched: the folder it starts from (the part before the first wildcard) must be
 * inside `root` by the rule of `resolveInsideRoot`, and its wildcard part must not climb with `..`. Answers the
 * pattern resolved against `options.base` (default `root`), or why it is refused: `/**` would walk the whole disk.
 */
export async function resolveGlobInsideRoot(host: Pick<Host, "realPath">, root: string, pattern: string, options: ConfineOptions = {}): Promise<ConfinedPath> {
  // Loaded here: picomatch is 25 KB that every command finding its project root would otherwise parse at start.
  const { default: picomatch } = await import("picomatch");
  const scanned = picomatch.scan(pattern);
  const base = await resolveInsideRoot(host, root, scanned.base === "" ? "." : scanned.base, options);
  if (!base.ok) return { ok: false, reason: `starts in a folder that ${base.reason}` };
  if (CLIMBING_GLOB.test(scanned.glob))
    return { ok: false, reason: `climbs with .. after a wildcard; name the folders inside ${options.rootName ?? "the manifest's folder"} it searches` };
  return { ok: true, path: path.resolve(options.base ?? root, pattern) };
}
