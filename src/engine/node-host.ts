// The real host on Node: node:fs with regular-file checks and a size cap, tinyglobby, atomic writes, global fetch.
import { open, stat as fsStat } from "node:fs/promises";
import path from "node:path";
import { fsError } from "./fs-errors.js";
import type { Host, HostFetch, HostStat } from "./host.js";
import { writeFileAtomic } from "./write-file-atomic.js";

/** Options of `createNodeHost`; only the process's own streams and environment need passing (the engine never reads `process`). */
export interface NodeHostOptions {
  /** Working directory. */
  cwd: string;
  /** Environment variables. Default {} (nothing set). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Where `-` reads from. Default: an empty stream. */
  stdin?: NodeJS.ReadableStream;
  /** Largest file read, in bytes. Default 256 MiB: far above real pathways, far below what would exhaust memory. */
  maxFileBytes?: number;
  /** The network. Default globalThis.fetch. */
  fetch?: HostFetch;
  /** The clock. Default () => new Date(). */
  now?: () => Date;
}

/** Default `maxFileBytes`. */
export const DEFAULT_MAX_FILE_BYTES = 256 * 1024 * 1024;

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
    async readFile(file) {
      // Opened first and checked through the handle, so a file swapped after the check cannot slip through; a FIFO
      // or device would block or never end, so only regular files are read.
      const handle = await open(resolve(file), "r");
      try {
        const info = await handle.stat();
        if (info.isDirectory()) throw fsError("EISDIR", `${file}: is a directory`);
        if (!info.isFile()) throw fsError("ENOTREGULAR", `${file}: not a regular file`);
        if (info.size > max) throw fsError("EFBIG", `${info.size} bytes, more than the limit of ${max}; is this really a pathway?`);
        return new Uint8Array(await handle.readFile());
      } finally {
        await handle.close();
      }
    },
    async stat(file): Promise<HostStat | undefined> {
      try {
        const info = await fsStat(resolve(file));
        return { kind: info.isFile() ? "file" : info.isDirectory() ? "directory" : "other", size: info.size };
      } catch {
        return undefined;
      }
    },
    writeFile: (file, content) => writeFileAtomic(resolve(file), content),
    async glob(patterns, globOptions = {}) {
      const { glob } = await import("tinyglobby");
      const found = await glob([...patterns], { cwd, ignore: [...(globOptions.ignore ?? [])], dot: false });
      return found.sort();
    },
    isGlob: (pattern) => GLOB_CHARS.test(pattern),
    readStdin() {
      stdinBytes ??= (async () => {
        const chunks: Buffer[] = [];
        if (options.stdin) for await (const chunk of options.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
        return new Uint8Array(Buffer.concat(chunks));
      })();
      return stdinBytes;
    },
    now: options.now ?? (() => new Date()),
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
  };
}
