// Build step after tsc: bundles the CLI with esbuild into dist/bundle (main.cjs and the chunks it requires), CommonJS, with linked source maps to src/.
// Why: a cold start from tsc's ~80 modules pays for resolving and loading each; the bundle's entry holds what
// `pathway --help` needs, and each command's code is a chunk loaded when that command runs. The chunks are CommonJS
// because Node 20 loads a script with require() faster than an ES module through its module loader (about 15 ms of a
// `validate` run). bin/pathway.cjs loads it; `npm run bench -- start` times it against `node -e 0`.
import { build, type Plugin } from "esbuild";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(ROOT, "dist");
const OUT = path.join(DIST, "bundle");
/** The first pass's output (ES module chunks), made into CommonJS in OUT by the second, then removed. */
const SPLIT = path.join(DIST, "bundle-esm");

/**
 * Packages left to Node, imported only by the commands that need them: large (ts-morph, puppeteer, mermaid, elk),
 * optional peers a lean install leaves out, or loaders (tsx).
 */
const EXTERNAL = ["ts-morph", "puppeteer-core", "mermaid", "tsx", "elkjs"];

/**
 * Commander requires child_process (and with it net, dgram and streams, ~9 ms of CPU) at load, for stand-alone
 * executable subcommands, which pathway has none of: in the bundle it is required on first use instead.
 */
const lazyChildProcess: Plugin = {
  name: "lazy-child-process",
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes(`${path.sep}commander${path.sep}`) ? { path: args.path, namespace: "lazy-child-process" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "lazy-child-process" }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
    }));
  },
};

/**
 * What every command's run loads: the entry's own code, validate's (reading, parsing, the validation rules), the Node
 * host and the formatters of findings. esbuild splits by the set of entry points that reach a module, and every
 * `import()` target is an entry point; so each of those targets imports this set (below), which then lands in two
 * chunks (the entry's part and the rest) instead of some thirty small ones, each named by a different subset of
 * entry points. ES modules cost per file (resolve, realpath, open, compile): `validate` loaded 34 files, `--help` 9.
 */
const SHARED = ["cli/main.js", "cli/commands/validate.js", "host/node-host.js", "format/stylish.js", "format/json.js"].map((f) => path.join(DIST, f));

/** Every file of tsc's output that some file imports with `import("./...")`: esbuild's entry points besides main. */
function findImportTargets(): Set<string> {
  const targets = new Set<string>();
  for (const entry of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const m of readFileSync(file, "utf8").matchAll(/\bimport\("(\.{1,2}\/[^"]+\.js)"\)/g)) targets.add(path.resolve(path.dirname(file), m[1]!));
  }
  return targets;
}

const sharedByEveryEntry: Plugin = {
  name: "shared-by-every-entry",
  setup(b) {
    const targets = findImportTargets();
    b.onLoad({ filter: /\.js$/ }, (args) => {
      if (!targets.has(args.path)) return undefined;
      const dir = path.dirname(args.path);
      const imports = SHARED.filter((f) => f !== args.path).map(
        (f) => `import ${JSON.stringify(`./${path.relative(dir, f).split(path.sep).join("/")}`.replace(/^\.\/\.\./, ".."))};`,
      );
      // On the first line, so the file's own source map (its line numbers and sourceMappingURL) still holds.
      return { contents: imports.join("") + readFileSync(args.path, "utf8"), loader: "js", resolveDir: dir };
    });
  },
};

rmSync(OUT, { recursive: true, force: true });
rmSync(SPLIT, { recursive: true, force: true });
// Pass 1: one ES module bundle split at each import(). esbuild splits ES modules only; the files are already named
// .cjs, so the imports between them name what pass 2 writes.
await build({
  // tsc's output, not src/: the code that runs is the code tsc checked and the library ships. esbuild follows each
  // file's source map back to src/, so the bundle's maps name src/ files and lines.
  entryPoints: [path.join(DIST, "cli/main.js")],
  outdir: SPLIT,
  outExtension: { ".js": ".cjs" },
  bundle: true,
  // Split at each import(): the command table imports one command, so a run reads the entry and that command's chunks.
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: EXTERNAL,
  plugins: [lazyChildProcess, sharedByEveryEntry],
  sourcemap: "linked",
  sourcesContent: false,
  legalComments: "none",
  logLevel: "warning",
});
/**
 * Pass 2's loader: a chunk's import() of another chunk becomes a require() of it, as a promise (what esbuild itself
 * writes when it lowers import()), so every chunk is loaded by Node's CommonJS loader. An import() of a package stays
 * as it is: tsx's API, ts-morph and puppeteer-core are loaded as ES modules, as before, by the commands that need them.
 */
const chunkImportsAsRequire: Plugin = {
  name: "chunk-imports-as-require",
  setup(b) {
    const chunks = new Set(readdirSync(SPLIT));
    b.onLoad({ filter: /\.cjs$/ }, (args) => ({
      contents: readFileSync(args.path, "utf8").replace(/\bimport\("\.\/([\w.-]+\.cjs)"\)/g, (call, file: string) =>
        chunks.has(file) ? `Promise.resolve().then(() => require(${JSON.stringify(`./${file}`)}))` : call,
      ),
      loader: "js",
      resolveDir: SPLIT,
    }));
  },
};

// Pass 2: each chunk on its own (not bundled again) as CommonJS: imports become require() of the same files, and a
// chunk's import() of another a require() when the command runs, so a chunk is still loaded once and shared by whoever
// needs it. esbuild follows each chunk's source map, so the maps still name src/.
await build({
  entryPoints: readdirSync(SPLIT)
    .filter((f) => f.endsWith(".cjs"))
    .map((f) => path.join(SPLIT, f)),
  outdir: OUT,
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  platform: "node",
  target: "node20",
  plugins: [chunkImportsAsRequire],
  // import.meta.url has no CommonJS meaning: the chunk's own URL is what the code means by it. The code was written as
  // ES modules, which are strict: the banner comes first, so it states "use strict" itself.
  define: { "import.meta.url": "__pathwaykitModuleUrl" },
  banner: { js: '"use strict";var __pathwaykitModuleUrl=require("node:url").pathToFileURL(__filename).href;' },
  minify: true,
  // Linked, without the sources' text: PATHWAYKIT_DEBUG turns source maps on, and a stack trace then names src/.
  sourcemap: "linked",
  sourcesContent: false,
  legalComments: "none",
  logLevel: "warning",
});
rmSync(SPLIT, { recursive: true, force: true });
// The library for CommonJS callers ("require" in package.json's exports): a `*.pathway.ts` module in a folder without
// "type": "module" runs as CommonJS under tsx, which otherwise turned each of dist/'s ES modules into CommonJS one by
// one on every `pathway build` (seconds of fixed cost). Builders made by any copy are recognised by brand.
// In three files, because such a module needs only the builder: dist/builder.cjs holds the builder and what it imports
// (validation; no zod, yaml or dynamic import()), dist/library.cjs the rest, and dist/index.cjs, the entry, exports the
// builder's names at once and the others as getters that load library.cjs on first use. One file with everything cost
// `pathway build` of a 1,000-node module about 1.3 s of CPU (of 3.3 s): requiring zod and yaml through tsx's hooks, and
// tsx rewriting the file's import() calls with a fresh source map of all 800 KB (`node --cpu-prof`).
const cjsOptions = {
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  packages: "external",
  // import.meta.url has no CommonJS meaning: the file's own URL is what the library means by it.
  define: { "import.meta.url": "__pathwaykitModuleUrl" },
  banner: { js: 'const __pathwaykitModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
  sourcemap: "linked",
  sourcesContent: false,
  legalComments: "none",
  logLevel: "warning",
} as const;
const builderEntry = path.join(DIST, "builder/index.js");
// Each of the builder's modules is in builder.cjs once, exported under its path in dist/, and library.cjs takes it from
// there: one copy of each module (one PathwayBuildError class, one of every rule) whichever file loads first.
const probe = await build({ ...cjsOptions, entryPoints: [builderEntry], write: false, metafile: true, outfile: path.join(DIST, "builder.cjs") });
const builderModules = Object.keys(probe.metafile.inputs)
  .map((f) => path.resolve(f))
  .filter((f) => f.startsWith(DIST + path.sep));
const builderKey = (file: string) => path.relative(DIST, file).split(path.sep).join("/");
await build({
  ...cjsOptions,
  stdin: {
    contents: builderModules.map((f) => `export * as ${JSON.stringify(builderKey(f))} from ${JSON.stringify(f)};`).join("\n"),
    resolveDir: DIST,
    sourcefile: "builder-modules.js",
  },
  outfile: path.join(DIST, "builder.cjs"),
});
const fromBuilderFile: Plugin = {
  name: "from-builder-file",
  setup(b) {
    const shared = new Set(builderModules);
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.namespace === "builder-module") return { path: args.path, external: true };
      const file = path.resolve(args.resolveDir, args.path);
      return shared.has(file) ? { path: builderKey(file), namespace: "builder-module" } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: "builder-module" }, (args) => ({
      contents: `module.exports = require("./builder.cjs")[${JSON.stringify(args.path)}];`,
      loader: "js",
      resolveDir: DIST,
    }));
  },
};
await build({ ...cjsOptions, entryPoints: [path.join(DIST, "index.js")], outfile: path.join(DIST, "library.cjs"), plugins: [fromBuilderFile] });
// The entry's names are the ES module's; a name is the builder's when the ES module exports the builder's own value.
const library = (await import(pathToFileURL(path.join(DIST, "index.js")).href)) as Record<string, unknown>;
const builder = (await import(pathToFileURL(builderEntry).href)) as Record<string, unknown>;
const names = Object.keys(library).sort();
const eager = names.filter((name) => name in builder && builder[name] === library[name]);
writeFileSync(
  path.join(DIST, "index.cjs"),
  `"use strict";
// pathwaykit for require() (made by scripts/bundle-cli.ts): the builder at once, everything else from library.cjs when first used.
const builder = require("./builder.cjs")[${JSON.stringify(builderKey(builderEntry))}];
let library;
const lazy = (name) => () => (library ??= require("./library.cjs"))[name];
const eager = new Set(${JSON.stringify(eager)});
Object.defineProperty(exports, "__esModule", { value: true });
for (const name of ${JSON.stringify(names)}) {
  Object.defineProperty(exports, name, { enumerable: true, get: eager.has(name) ? () => builder[name] : lazy(name) });
}
`,
);
console.log(`bundled the CLI into ${path.relative(ROOT, OUT)}, and the library for require() into dist/index.cjs (builder.cjs, library.cjs)`);
