// Starts `pathway` fast: runs the CLI's prebuilt chunks (dist/bundle/*.cjs) from the V8 code caches made for the command.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Script } from "node:vm";
import { selectCommandName } from "./select-command.js";

/** The directory of the packs and of this launcher. */
const BUNDLE_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * The packs, written by scripts/bundle-cli.ts: every chunk of the CLI, each wrapped in a function as Node wraps a
 * CommonJS module. The first holds what `pathway --help` and `pathway validate` run, so they read a seventh of the
 * code; the second is read when a chunk not in the first is needed.
 */
export const PACKS = ["cli", "cli-more"] as const;
type PackName = (typeof PACKS)[number];

type ChunkFunction = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
  importer: (id: string) => Promise<unknown>,
  packUrl: string,
) => void;

const packFile = (pack: PackName) => path.join(BUNDLE_DIR, `${pack}.cjs`);

/** The code cache of `pack` made for `command`'s typical run, or the one made for no command. */
function cacheFile(pack: PackName, command: string | undefined): string {
  return path.join(BUNDLE_DIR, `${pack}.${command !== undefined && /^[a-z][a-z-]*$/.test(command) ? command : "pathway"}.cache`);
}

function readCache(pack: PackName, command: string | undefined): Buffer | undefined {
  for (const file of [cacheFile(pack, command), cacheFile(pack, undefined)]) {
    try {
      return readFileSync(file);
    } catch {
      // No cache made for this command: the next, then none (V8 then compiles as usual).
    }
  }
  return undefined;
}

/**
 * The CLI's chunks, compiled pack by pack through a Script, which takes a code cache: Node 20 has no compile cache of
 * its own (module.enableCompileCache came in Node 22), and compiling is most of a cold start. V8 compiles a chunk's
 * function only when it runs (or takes it from the cache). A cache from another Node or V8 version is rejected by V8
 * itself, and the pack is then compiled as usual.
 */
function openChunks(command: string | undefined, useCaches = true): { scripts: Map<PackName, Script>; requireChunk: (id: string) => unknown; loaded: () => string[] } {
  const scripts = new Map<PackName, Script>();
  const functions: Record<string, ChunkFunction> = {};
  const load = (pack: PackName) => {
    let script: Script;
    try {
      // The build keeps the packs ASCII, so latin1 reads them exactly, and about three times faster than utf8. The
      // name is the same on every machine: a code cache keeps the name it was made under, and stack traces show it.
      script = new Script(readFileSync(packFile(pack), "latin1"), { filename: `pathwaykit/dist/bundle/${pack}.cjs`, cachedData: useCaches ? readCache(pack, command) : undefined });
    } catch (error) {
      throw new PackError(pack, error);
    }
    scripts.set(pack, script);
    Object.assign(functions, script.runInThisContext());
  };
  load(PACKS[0]);
  const modules = new Map<string, { exports: object }>();
  const main = packFile(PACKS[0]);
  const packUrl = pathToFileURL(main).href;
  const nodeRequire = createRequire(main);
  // Chunks name each other as `./chunk.cjs`; anything else is a package or a Node built-in. The build turned each
  // import() into a call of chunkImport: a chunk's import() cannot reach Node's loader from inside a Script.
  const chunkRequire = Object.assign((id: string) => (id.startsWith("./") ? requireChunk(id) : nodeRequire(id)), { resolve: nodeRequire.resolve }) as NodeJS.Require;
  const chunkImport = (id: string): Promise<unknown> => (id.startsWith("./") ? Promise.resolve().then(() => requireChunk(id)) : import(id));
  function requireChunk(id: string): unknown {
    let module = modules.get(id);
    if (!module) {
      if (!(id in functions)) PACKS.filter((p) => !scripts.has(p)).forEach(load);
      module = { exports: {} };
      modules.set(id, module);
      try {
        functions[id]!(module.exports, chunkRequire, module, main, BUNDLE_DIR, chunkImport, packUrl);
      } catch (error) {
        // As Node does: a chunk that failed to initialise is not kept half-built for the next require.
        modules.delete(id);
        throw error;
      }
    }
    return module.exports;
  }
  return { scripts, requireChunk, loaded: () => [...modules.keys()] };
}

/** A pack that could not be read or compiled: an interrupted build or install, which the user can fix. */
class PackError extends Error {
  constructor(pack: PackName, cause: unknown) {
    super(`the command line's pack ${packFile(pack)} could not be loaded (${cause instanceof Error ? cause.message : String(cause)}); run \`npm run build\` where pathwaykit is, or reinstall it`);
  }
}

type Main = (argv: readonly string[]) => Promise<number>;

/** Runs `pathway` with `argv` (user arguments only) and sets the process's exit code. */
export async function launch(argv: readonly string[]): Promise<void> {
  try {
    const { main } = process.env["PATHWAYKIT_DEBUG"] ? await importModules() : (openChunks(selectCommandName(argv)).requireChunk("./main.cjs") as { main: Main });
    process.exitCode = await main(argv);
  } catch (error) {
    // main() never throws; only a pack that is missing or damaged gets here (the second one can fail mid-run).
    process.stderr.write(`pathway: ${error instanceof PackError ? error.message : `internal error: ${String(error)}`}\n`);
    process.exitCode = 2;
  }
}

/**
 * The CLI from its own modules (dist/cli) with source maps on, for PATHWAYKIT_DEBUG: a stack trace in a bug report then
 * names src/ files and lines, where the packs' would name one minified line. Slower to start, which debugging can afford.
 */
async function importModules(): Promise<{ main: Main }> {
  process.setSourceMapsEnabled(true);
  // A computed URL, so that the bundler leaves this import to Node instead of packing the modules a second time.
  return (await import(pathToFileURL(path.join(BUNDLE_DIR, "..", "cli", "main.js")).href)) as { main: Main };
}

/**
 * Runs `pathway argv` once without caches and writes, for its command, the code cache of each pack it read (the build
 * does this once per command, in a plain `node`): a cache then holds the functions such a run compiles, not only the
 * top level. Returns the chunks the run loaded.
 */
export async function writeCodeCaches(argv: readonly string[]): Promise<string[]> {
  const { scripts, requireChunk, loaded } = openChunks(undefined, false);
  await (requireChunk("./main.cjs") as { main: Main }).main(argv);
  for (const [pack, script] of scripts) {
    const file = cacheFile(pack, selectCommandName(argv));
    writeFileSync(`${file}.tmp`, script.createCachedData());
    renameSync(`${file}.tmp`, file);
  }
  return loaded();
}
