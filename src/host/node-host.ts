// The real host on Node: node:fs with regular-file checks and a size cap, tinyglobby, atomic writes, global fetch.
import { realpath as fsRealpath, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { Host, HostFetch, HostStat } from "./host.js";
import { confinedLinks, isInside, keepOnePathPerFile } from "./confined-links.js";
import { isCommonJsFile } from "./module-format.js";
import { createMissingPackageError, isMissingOptionalPackage } from "./optional-packages.js";
import { DEFAULT_MAX_FILE_BYTES, readFileBounded, readFileChunks, readStreamBounded, type ByteStream } from "./read-file-bounded.js";
import { writeFileAtomic } from "./write-file-atomic.js";

/** Options of `createNodeHost`; only the process's own streams and environment need passing (the engine never reads `process`). */
export interface NodeHostOptions {
  /** Working directory. */
  cwd: string;
  /** Environment variables. Default {} (nothing set). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Where `-` reads from (standard input, or any Node readable), or a function giving it on first use. Default: an empty stream. */
  stdin?: ByteStream | (() => ByteStream);
  /** Largest file read, in bytes. Default 256 MiB: far above real pathways, far below what would exhaust memory. */
  maxFileBytes?: number;
  /** The network. Default globalThis.fetch. */
  fetch?: HostFetch;
  /** The clock. Default () => new Date(). */
  now?: () => Date;
}

/** Default `maxFileBytes`. */
export { DEFAULT_MAX_FILE_BYTES };

// Not node:fs/promises, which loads readline, file watchers and more at first use (see read-file-bounded.ts). The
// native realpath is the one node:fs/promises has.
const realpath = promisify(fsRealpath.native);

const GLOB_CHARS = /[*?[\]{}!]|\(.*\|.*\)/;

/**
 * Passes on a link refused while globbing (as a path relative to `cwd`) only when the walk would have used it: a file
 * link the patterns match, or a folder link under where they search and that they could search under, neither
 * ignored. A link to / beside the pathways is worth a warning; `node_modules/x -> ~/src/x` (npm link), `notes.txt ->
 * /etc/x`, or /bin, which the walker resolves on its way to an absolute pattern's folder, are not.
 */
async function linkWorthSaying(
  cwd: string,
  patterns: readonly string[],
  ignore: readonly string[],
  say: (link: string) => void,
): Promise<(link: string, isDirectory: boolean) => void> {
  const { default: picomatch } = await import("picomatch");
  const matches = picomatch([...patterns], { dot: false });
  const ignored = picomatch([...ignore], { dot: true });
  const searched = patterns.map((p) => ({
    base: path.resolve(cwd, picomatch.scan(p).base),
    anyDepth: p.includes("**"),
    depth: path.resolve(cwd, p).split("/").length,
  }));
  return (link, isDirectory) => {
    const rel = path.relative(cwd, link).split(path.sep).join("/");
    if (ignored(rel) || ignored(`${rel}/`)) return;
    const underSearch = searched.some((s) => isInside(s.base, link) && link !== s.base && (s.anyDepth || s.depth > link.split("/").length));
    if (isDirectory ? underSearch : matches(rel)) say(rel);
  };
}

/** A Host over the real file system, network and clock. */
export function createNodeHost(options: NodeHostOptions): Host {
  const cwd = path.resolve(options.cwd);
  const max = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  let stdinBytes: Promise<Uint8Array> | undefined;
  let loads = 0;
  const resolve = (file: string) => path.resolve(cwd, file);
  return {
    cwd,
    env: options.env ?? {},
    // Only regular files, opened without blocking (a FIFO would wait for a writer), checked through the handle and
    // capped before and while reading (a device or a growing file never ends).
    readFile: (file) => readFileBounded(resolve(file), max),
    readFileChunks: (file) => readFileChunks(resolve(file)),
    maxFileBytes: max,
    async stat(file): Promise<HostStat | undefined> {
      // Synchronous, as the reads are (read-file-bounded.ts).
      try {
        const info = statSync(resolve(file));
        return { kind: info.isFile() ? "file" : info.isDirectory() ? "directory" : "other", size: info.size };
      } catch {
        return undefined;
      }
    },
    writeFile: (file, content) => writeFileAtomic(resolve(file), content),
    async realPath(file) {
      try {
        return await realpath(resolve(file));
      } catch {
        return undefined;
      }
    },
    async glob(patterns, globOptions = {}) {
      const { glob } = await import("tinyglobby"); // why: ~10 ms (with picomatch), only for glob inputs, on validate's path
      const ignore = [...(globOptions.ignore ?? [])];
      // tinyglobby names a file above cwd "../x", and picomatch's `**` never matches "..": "**/node_modules/**" let
      // `pathway validate ../project` read ../project/node_modules. So an any-depth ignore is repeated for each level up.
      if (patterns.some((p) => p.includes("..") || path.isAbsolute(p))) {
        const anyDepth = ignore.filter((g) => g.startsWith("**/"));
        const levels = cwd.split(path.sep).filter(Boolean).length;
        for (let level = 1; level <= levels; level++) ignore.push(...anyDepth.map((g) => "../".repeat(level) + g));
      }
      const within = globOptions.within;
      const fs = within && confinedLinks(within, await linkWorthSaying(cwd, patterns, ignore, (link) => globOptions.onOutside?.(link)));
      // The cast: tinyglobby types `fs.realpath` as node's whole function (with .native), but calls only its callback form.
      const found = await glob([...patterns], { cwd, ignore, dot: false, ...(fs && { fs: fs as never }) });
      // The walk resolves inside the last readdir's callback, whose native scope holds that folder's entries (one
      // Dirent per file) until the event loop is reached again. A caller that then reads every file synchronously
      // (calls stats over 100,000 records) never reaches it, so 100,000 entries stayed alive for the whole run and
      // V8 grew the heap to four times that: 46 MB kept and 306 MB at peak, against 8 and 138 after one turn here.
      await new Promise<void>((resolve) => setImmediate(resolve));
      return (fs?.followed ? keepOnePathPerFile(cwd, found) : found).sort();
    },
    isGlob: (pattern) => GLOB_CHARS.test(pattern),
    readStdin() {
      stdinBytes ??= options.stdin
        ? readStreamBounded(typeof options.stdin === "function" ? options.stdin() : options.stdin, max)
        : Promise.resolve(new Uint8Array());
      return stdinBytes;
    },
    now: options.now ?? (() => new Date()),
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
    async importModule(file) {
      const missing = (error: unknown) => {
        throw isMissingOptionalPackage(error, "build") ? createMissingPackageError("build") : error;
      };
      // A CommonJS module goes through tsx's require hook, which runs it from its own file with a source map: tsImport
      // would run it from a data: URL, where no stack frame names the file, so findings lost their TypeScript lines.
      // Each load has a namespace of its own, as tsImport's do, so a module edited since is read afresh.
      if (isCommonJsFile(resolve(file))) {
        const { register } = await import("tsx/cjs/api").catch(missing); // why lazily: as tsImport below
        return register({ namespace: `pathwaykit-${++loads}` }).require(resolve(file), import.meta.url) as Record<string, unknown>;
      }
      // why lazily: tsx (esbuild's loader) takes ~75 ms, and only build needs it (an optional package a lean install leaves out)
      const { tsImport } = await import("tsx/esm/api").catch(missing);
      return (await tsImport(pathToFileURL(resolve(file)).href, import.meta.url)) as Record<string, unknown>;
    },
  };
}
