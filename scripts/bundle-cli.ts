// Build step after tsc: bundles the CLI into CommonJS chunks (one per command, plus shared ones) and makes their V8 code caches.
// Why: a cold ES-module start pays for resolving, loading and compiling ~80 modules; cached chunks holding only the
// command that runs start at 1.4x (--help) and 1.7x (validate) Node's own start-up (`npm run bench -- start`).
// See src/cli/launch.ts.
import { parse } from "acorn";
import { build, buildSync, transform, type Plugin } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { commands } from "../src/cli/commands/index.js";
import { PACKS } from "../src/cli/launch.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(ROOT, "dist");
const OUT = path.join(DIST, "bundle");

/** Packages left to Node, required when a command needs them: large (ts-morph, puppeteer, mermaid, elk) or loaders (tsx). */
const EXTERNAL = ["ts-morph", "puppeteer-core", "mermaid", "tsx", "elkjs"];

/** Typical runs whose compiled functions go into the code caches, beside each command's `--help`. */
const SAMPLE = "pathways/appointment-booking.json";
/** Where the `scenarios generate` run writes (made just before the cache runs, removed after). */
const GENERATED = path.join(tmpdir(), `pathwaykit-cache-run-${process.pid}`);
const CACHE_RUNS: readonly string[][] = [
  ["validate", SAMPLE],
  ["lint", SAMPLE],
  ["analyze", SAMPLE],
  ["test", "pathways/scenarios"],
  ["scenarios", "generate", SAMPLE, "-o", path.join(GENERATED, "scenarios")],
];
/** The runs whose chunks go into the first pack: the starts users wait for most (and `npm run bench -- start` times). */
const FIRST_PACK_RUNS: readonly string[][] = [["--help"], ["validate", SAMPLE]];

/**
 * Commander requires child_process (and with it net, dgram and streams) at load, for stand-alone executable subcommands,
 * which pathway has none of: in the bundle it is required on first use instead.
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
 * Every `import(x)` becomes `__import(x)`, the launcher's: inside a Script, import() would need an experimental vm
 * option, and some packages (tsx) load only as ES modules. Found with a parser, so text that merely looks alike is kept.
 */
function callImportParameter(code: string): string {
  const starts: number[] = [];
  walk(parse(code, { ecmaVersion: "latest", sourceType: "script" }), (node) => {
    if (node.type === "ImportExpression") starts.push(node.start);
  });
  let out = code;
  for (const start of starts.sort((a, b) => b - a)) out = `${out.slice(0, start)}__import${out.slice(start + "import".length)}`;
  return out;
}

/** Calls `visit` on every node of an ESTree tree. */
function walk(node: unknown, visit: (node: { type: string; start: number }) => void): void {
  if (Array.isArray(node)) return node.forEach((n) => walk(n, visit));
  if (!node || typeof node !== "object" || typeof (node as { type?: unknown }).type !== "string") return;
  visit(node as { type: string; start: number });
  for (const value of Object.values(node)) if (value && typeof value === "object") walk(value, visit);
}

// ES-module chunks first: esbuild splits only that format. Each command is an entry, so a run loads its own chunk and
// the chunks it shares with others; main.js reaches the command through the command table's import().
const entryPoints = { main: path.join(DIST, "cli/main.js"), ...Object.fromEntries(commands.map((c) => [c.name, path.join(DIST, `cli/commands/${c.name}.js`)])) };
const esm = await build({
  entryPoints,
  outdir: OUT,
  outExtension: { ".js": ".cjs" },
  write: false,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: EXTERNAL,
  plugins: [lazyChildProcess],
  minify: true,
  legalComments: "none",
  logLevel: "warning",
});

// Then each chunk becomes a CommonJS function in a pack, which the launcher compiles through a Script with a code cache.
const chunks = new Map<string, string>();
for (const file of esm.outputFiles) {
  const cjs = await transform(file.text, {
    format: "cjs",
    target: "node20",
    minify: true,
    // Sources locate files from import.meta.url: in the pack that is the pack's URL, which the launcher passes in
    // (the packs sit in dist/bundle, as main.js sat in dist/cli).
    define: { "import.meta.url": "__packUrl" },
  });
  chunks.set(`./${path.basename(file.path)}`, `function(exports,require,module,__filename,__dirname,__import,__packUrl){${callImportParameter(cjs.code)}}`);
}

/** Writes the packs: the chunks named by `first` in the first, every other chunk in the second. */
function writePacks(first: ReadonlySet<string>): void {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  PACKS.forEach((name, i) => {
    const pack = `({${[...chunks].filter(([id]) => first.has(id) === (i === 0)).map(([id, fn]) => `${JSON.stringify(id)}:${fn}`).join(",\n")}})\n`;
    // The launcher reads a pack as latin1 (a one-byte string, three times faster than utf8), exact only for ASCII.
    const nonAscii = /[^\x00-\x7f]/.exec(pack);
    if (nonAscii) throw new Error(`the CLI pack must be ASCII; write this character as a \\u escape in its source: ${JSON.stringify(pack.slice(nonAscii.index - 60, nonAscii.index + 10))}`);
    writeFileSync(path.join(OUT, `${name}.cjs`), pack);
  });
  buildSync({ entryPoints: [path.join(DIST, "cli/launch.js")], outfile: path.join(OUT, "launch.cjs"), bundle: true, format: "cjs", platform: "node", target: "node20", define: { "import.meta.url": "__launchUrl" }, banner: { js: "var __launchUrl=require('node:url').pathToFileURL(__filename).href;" }, logLevel: "warning" });
}

const launcher = path.join(OUT, "launch.cjs");
/** Runs `pathway argv` in a plain `node`, as the executable runs (V8 rejects a cache made under other flags or versions), writing its command's code caches; returns the chunks it loaded. */
function cacheRun(argv: readonly string[]): string[] {
  const script = `require(${JSON.stringify(launcher)}).writeCodeCaches(${JSON.stringify(argv)}).then((ids) => require("node:fs").writeSync(3, JSON.stringify(ids)))`;
  const child = spawnSync(process.execPath, ["-e", script], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit", "pipe"], encoding: "utf8", env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" } });
  const ids = child.output[3];
  if ((child.status !== 0 && child.status !== 1) || !ids) throw new Error(`pathway ${argv.join(" ")} failed while making its code cache (status ${child.status})`);
  return JSON.parse(ids) as string[];
}

// The first pack holds what the fast paths load; then one code cache per command and pack, from a typical run where
// one is cheap, else the command's --help.
// A cache file is named after the command (`<pack>.<command>.cache`), which the launcher only reads for such names.
const badName = commands.find((c) => !/^[a-z][a-z-]*$/.test(c.name));
if (badName) throw new Error(`command name ${JSON.stringify(badName.name)} cannot name a code cache: use lowercase letters and dashes`);
writePacks(new Set(chunks.keys()));
writePacks(new Set(FIRST_PACK_RUNS.flatMap(cacheRun)));
mkdirSync(GENERATED, { recursive: true });
try {
  for (const argv of [["--help"], ...commands.map((c) => CACHE_RUNS.find((r) => r[0] === c.name) ?? [c.name, "--help"])]) cacheRun(argv);
} finally {
  rmSync(GENERATED, { recursive: true, force: true });
}
console.log(`bundled the CLI into ${chunks.size} chunks in ${path.relative(ROOT, OUT)}`);
