// The real host on Node: node:fs with regular-file checks and a size cap, tinyglobby, atomic writes, global fetch.
import { realpath as fsRealpath, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { Host, HostFetch, HostStat } from "./host.js";
import { createMissingPackageError, isMissingOptionalPackage } from "./optional-packages.js";
import { DEFAULT_MAX_FILE_BYTES, readFileBounded, readStreamBounded, type ByteStream } from "./read-file-bounded.js";
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

/** A Host over the real file system, network and clock. */
export function createNodeHost(options: NodeHostOptions): Host {
  const cwd = path.resolve(options.cwd);
  const max = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  let stdinBytes: Promise<Uint8Array> | undefined;
  const resolve = (file: string) => path.resolve(cwd, file);
  return {
    cwd,
    env: options.env ?? {},
    // Only regular files, opened without blocking (a FIFO would wait for a writer), checked through the handle and
    // capped before and while reading (a device or a growing file never ends).
    readFile: (file) => readFileBounded(resolve(file), max),
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
      const found = await glob([...patterns], { cwd, ignore, dot: false });
      return found.sort();
    },
    isGlob: (pattern) => GLOB_CHARS.test(pattern),
    readStdin() {
      stdinBytes ??= options.stdin ? readStreamBounded(typeof options.stdin === "function" ? options.stdin() : options.stdin, max) : Promise.resolve(new Uint8Array());
      return stdinBytes;
    },
    now: options.now ?? (() => new Date()),
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
    async importModule(file) {
      // why lazily: tsx (esbuild's loader) takes ~75 ms, and only build needs it (an optional package a lean install leaves out)
      const { tsImport } = await import("tsx/esm/api").catch((error: unknown) => {
        throw isMissingOptionalPackage(error, "build") ? createMissingPackageError("build") : error;
      });
      return (await tsImport(pathToFileURL(resolve(file)).href, import.meta.url)) as Record<string, unknown>;
    },
  };
}
