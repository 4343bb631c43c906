// The file-system functions a folder walk resolves symbolic links with, refusing every link whose target leaves the allowed folders.
import { realpath, realpathSync, statSync } from "node:fs";
import path from "node:path";

/** The part of node:fs a walker (fdir, under tinyglobby) resolves links with. */
export interface LinkResolver {
  realpath: (file: string, callback: (error: NodeJS.ErrnoException | null, resolved: string) => void) => void;
  realpathSync: (file: string) => string;
}

/** True when `candidate` is `root` or inside it (both absolute and real). */
export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** A `LinkResolver` that also tells whether any link was followed (then one file may have been found by two paths). */
export interface ConfinedLinks extends LinkResolver {
  readonly followed: boolean;
}

/**
 * A walker resolves a symbolic link (and only a link) through `realpath`; this one answers an error for a link whose
 * real target is outside every folder of `within`, so the walker neither lists it nor descends into it: a link to
 * /etc/passwd is never read, and a link to / costs one call. `onOutside` is told each such link once, with whether
 * it leads to a folder. A link to a
 * folder holding it (`loop -> ..`) is refused silently: everything under it is found without it.
 */
export function confinedLinks(within: readonly string[], onOutside: (link: string, isDirectory: boolean) => void): ConfinedLinks {
  const told = new Set<string>();
  let followed = false;
  const check = (link: string, resolved: string): NodeJS.ErrnoException | undefined => {
    if (!within.some((root) => isInside(root, resolved))) {
      if (!told.has(link)) {
        told.add(link);
        // Only the target's kind is looked at (never its content): a warning about a folder link is worth more.
        onOutside(link, statSync(resolved, { throwIfNoEntry: false })?.isDirectory() === true);
      }
      return Object.assign(new Error(`${link} leads outside the project`), { code: "EOUTSIDE" });
    }
    if (isInside(resolved, realpathSync.native(path.dirname(link)))) return Object.assign(new Error(`${link} leads to a folder holding it`), { code: "ELOOP" });
    followed = true;
    return undefined;
  };
  return {
    get followed() {
      return followed;
    },
    realpath(file, callback) {
      realpath.native(file, (error, resolved) => {
        const refused = error ?? check(file, resolved);
        callback(refused ?? null, refused ? "" : resolved);
      });
    },
    realpathSync(file) {
      const resolved = realpathSync.native(file);
      const refused = check(file, resolved);
      if (refused) throw refused;
      return resolved;
    },
  };
}

/**
 * `files` (relative to `cwd`) with each real file kept once, by the path that reaches it without a link when there is
 * one (else the first): a walk that follows `pathways/shared -> ../shared` finds shared/x.json twice.
 */
export function keepOnePathPerFile(cwd: string, files: readonly string[]): string[] {
  const byReal = new Map<string, string>();
  for (const file of files) {
    const absolute = path.resolve(cwd, file);
    let real: string;
    try {
      real = realpathSync.native(absolute);
    } catch {
      real = absolute;
    }
    const kept = byReal.get(real);
    if (kept === undefined || (path.resolve(cwd, kept) !== real && absolute === real)) byReal.set(real, file);
  }
  const keep = new Set(byReal.values());
  return files.filter((f) => keep.has(f));
}
