// The engine's host as the MCP server lends it: reads only inside the project root, writes and network only where the server was started to allow them.
import path from "node:path";
import { isInside } from "../host/confined-links.js";
import { resolveInsideRoot } from "../host/confine-path.js";
import { fsError } from "../host/fs-errors.js";
import type { Host } from "../host/host.js";
import { toRealPath } from "../host/real-path.js";

/** What the server was started to allow. */
export interface Permissions {
  /** `--allow-write`: tools that write files (fix, build, write_scenarios...). */
  write: boolean;
  /** `--allow-remote`: tools that reach the service (fetch, push_draft, run_scenarios_live...). */
  remote: boolean;
}

const OUTSIDE = "is outside the project root the server was started in (by its path or through a symbolic link), so nothing was read from it.";

/**
 * `base` (whose `cwd` is the project root) confined to the root, reading files of at most `maxFileBytes`: a file outside it, or reached through a symbolic
 * link that leads outside it, is never read (its read fails with EOUTSIDE, a `stat` of it says nothing is there); a
 * folder walk follows no link out of the root; writes, module imports (which run the project's code) and the
 * network are refused unless `permissions` allow them; stdin is never read, since it carries the protocol. Every
 * engine operation reads through this host, so a path a file names (a scenario's `pathway:`, a config's request
 * files, a nearest pathway.config.json above the root) is held to the root too.
 */
export function createProjectHost(base: Host, permissions: Permissions, maxFileBytes: number): Host {
  const root = path.resolve(base.cwd);
  let realRoot: Promise<string> | undefined;
  const realRootOf = () => (realRoot ??= toRealPath(base, root));
  const check = async (file: string) => (await resolveInsideRoot(base, root, file, { base: root, rootName: "the project root" })).ok;
  // Above or beside the root nothing exists for the engine (a search for the nearest manifest or config stops at the
  // root, as at a missing file); a path under the root that a link leads out of is refused, saying so.
  const refuse = (file: string) => (isInside(root, path.resolve(root, file)) ? fsError("EOUTSIDE", OUTSIDE) : fsError("ENOENT", OUTSIDE));
  return {
    ...base,
    cwd: root,
    async readFile(file) {
      if (!(await check(file))) throw refuse(file);
      // The server's own cap (an assistant's context is smaller than a CI log): said before the file is read.
      const size = (await base.stat(file))?.size ?? 0;
      if (size > maxFileBytes)
        throw fsError(
          "EFBIG",
          `is ${size} bytes, over the ${maxFileBytes} the MCP server reads; start it with a larger --max-file-size (or PATHWAYKIT_MAX_FILE_SIZE) if the file really is that large.`,
        );
      return base.readFile(file);
    },
    async stat(file) {
      return (await check(file)) ? base.stat(file) : undefined;
    },
    async realPath(file) {
      // Only the root and what is under it by name: an ancestor's real path is nothing the engine needs from here.
      return isInside(root, path.resolve(root, file)) ? base.realPath?.(file) : undefined;
    },
    async glob(patterns, options = {}) {
      const real = await realRootOf();
      // A walk may follow links only to folders inside the root: a folder above it (a project marker higher up) becomes the root.
      const within = (options.within ?? [real]).map((folder) => (isInside(real, folder) ? folder : real));
      const found = await base.glob(patterns, { ...options, within });
      return found.filter((file) => isInside(root, path.resolve(root, file)));
    },
    async writeFile(file, content, options) {
      if (!permissions.write)
        throw fsError(
          "ENOTALLOWED",
          "the MCP server was started without --allow-write, so it writes no file; restart it with --allow-write to let tools write.",
        );
      if (!(await check(file))) throw fsError("EOUTSIDE", "is outside the project root the server was started in, so nothing was written to it.");
      return base.writeFile(file, content, options);
    },
    async importModule(file) {
      if (!permissions.write) throw fsError("ENOTALLOWED", "building a module runs its code: the MCP server does that only when started with --allow-write.");
      if (!(await check(file))) throw refuse(file);
      return base.importModule(file);
    },
    fetch: async (url, init) => {
      if (!permissions.remote) throw fsError("ENOTALLOWED", "the MCP server was started without --allow-remote, so it does not use the network.");
      return base.fetch(url, init);
    },
    readStdin: async () => {
      throw fsError("ENOTALLOWED", "standard input carries the protocol's messages; pass the pathway as `text` instead.");
    },
  };
}

/**
 * `host` with one unsaved document: `file` (inside the root, need not exist) reads as `bytes`, or stdin does when no
 * file is named. An assistant's draft is checked as the file it will become, with that file's nearest config.
 */
export function withDraft(host: Host, bytes: Uint8Array, file?: string): Host {
  if (file === undefined) return { ...host, readStdin: async () => bytes };
  const target = path.resolve(host.cwd, file);
  const isTarget = (other: string) => path.resolve(host.cwd, other) === target;
  return {
    ...host,
    readFile: async (other) => (isTarget(other) ? bytes : host.readFile(other)),
    stat: async (other) => (isTarget(other) ? { kind: "file", size: bytes.length } : host.stat(other)),
  };
}
