// Starts `pathway` fast: runs the CLI's prebuilt chunks (dist/bundle/cli.cjs) from the V8 code cache made for the command.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Script } from "node:vm";
import { selectCommandName } from "./select-command.js";

/** The directory of the chunk pack and of this launcher. */
const BUNDLE_DIR = path.dirname(fileURLToPath(import.meta.url));
/** Every chunk of the CLI, each wrapped in a function as Node wraps a CommonJS module (written by scripts/bundle-cli.ts). */
const PACK = path.join(BUNDLE_DIR, "cli.cjs");

type ChunkFunction = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
  importer: (id: string) => Promise<unknown>,
  packUrl: string,
) => void;

/** The code cache made for `name`'s typical run, or the one made for no command. */
function cacheFile(name: string | undefined): string {
  return path.join(BUNDLE_DIR, `cli.${name !== undefined && /^[a-z][a-z-]*$/.test(name) ? name : "pathway"}.cache`);
}

function readCache(name: string | undefined): Buffer | undefined {
  for (const file of [cacheFile(name), cacheFile(undefined)]) {
    try {
      return readFileSync(file);
    } catch {
      // No cache made for this command: the next, then none (V8 then compiles as usual).
    }
  }
  return undefined;
}

/**
 * Compiles the pack through a Script, which takes a code cache: Node 20 has no compile cache of its own
 * (module.enableCompileCache came in Node 22), and compiling is most of a cold start. One file with every chunk means
 * one read and one cache; V8 compiles a chunk's function only when it runs (or takes it from the cache). A cache from
 * another Node or V8 version is rejected by V8 itself, and the pack is then compiled as usual.
 */
function loadPack(cachedData: Buffer | undefined): { script: Script; requireChunk: (id: string) => unknown } {
  // The build keeps the pack ASCII, so latin1 reads it exactly, and about three times faster than utf8.
  const script = new Script(readFileSync(PACK, "latin1"), { filename: PACK, cachedData });
  const pack = script.runInThisContext() as Record<string, ChunkFunction>;
  const modules = new Map<string, { exports: object }>();
  const packUrl = pathToFileURL(PACK).href;
  const nodeRequire = createRequire(PACK);
  // Chunks name each other as `./chunk.cjs`; anything else is a package or a Node built-in. The build turned each
  // import() into a call of chunkImport: a chunk's import() cannot reach Node's loader from inside a Script.
  const chunkRequire = Object.assign((id: string) => (id.startsWith("./") ? requireChunk(id) : nodeRequire(id)), { resolve: nodeRequire.resolve }) as NodeJS.Require;
  const chunkImport = (id: string): Promise<unknown> => (id.startsWith("./") ? Promise.resolve().then(() => requireChunk(id)) : import(id));
  function requireChunk(id: string): unknown {
    let module = modules.get(id);
    if (!module) {
      module = { exports: {} };
      modules.set(id, module);
      pack[id]!(module.exports, chunkRequire, module, PACK, BUNDLE_DIR, chunkImport, packUrl);
    }
    return module.exports;
  }
  return { script, requireChunk };
}

type Main = (argv: readonly string[]) => Promise<number>;

/** Runs `pathway` with `argv` (user arguments only) and sets the process's exit code. */
export async function launch(argv: readonly string[]): Promise<void> {
  // `pathway ... | head` closes the pipe early: that is the reader's choice, not an error worth a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  const { requireChunk } = loadPack(readCache(selectCommandName(argv)));
  process.exitCode = await (requireChunk("./main.cjs") as { main: Main }).main(argv);
}

/**
 * Runs `pathway argv` once without a cache and writes the code cache for its command (the build does this once per
 * command, in a plain `node`): the cache then holds the functions such a run compiles, not only the top level.
 */
export async function writeCodeCache(argv: readonly string[]): Promise<void> {
  const { script, requireChunk } = loadPack(undefined);
  await (requireChunk("./main.cjs") as { main: Main }).main(argv);
  const file = cacheFile(selectCommandName(argv));
  writeFileSync(`${file}.tmp`, script.createCachedData());
  renameSync(`${file}.tmp`, file);
}
