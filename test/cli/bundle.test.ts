// The built executable: one esbuild bundle of CommonJS chunks (dist/bundle) with source maps and no code caches, started from anywhere, and clear about a broken build.
import { spawnSync, execFileSync } from "node:child_process";
import { closeSync, copyFileSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, ROOT, tempDir } from "../support/cli.js";

const BUNDLE = path.join(ROOT, "dist/bundle");
const SAMPLE = path.join(ROOT, "pathways/appointment-booking.json");

/** A pathway file whose one fault is a repeated key: only momoa names it. */
function repeatedKeyFile(dir: string = tempDir()): string {
  const file = path.join(dir, "duplicate.json");
  writeFileSync(file, '{"nodes": [], "edges": [], "nodes": []}');
  return file;
}

/** A folder holding a copy of the executable as bin/pathway.cjs, and nothing else yet. */
function executableCopy(): { dir: string; bin: string } {
  const dir = tempDir();
  mkdirSync(path.join(dir, "bin"));
  copyFileSync(BIN, path.join(dir, "bin", "pathway.cjs"));
  return { dir, bin: path.join(dir, "bin", "pathway.cjs") };
}

describe("the CLI bundle", () => {
  beforeAll(() => {
    // Built by `npm test` (npm run build); without it the checks must fail, not skip.
    expect(readdirSync(BUNDLE), "run `npm run build` first").toContain("main.cjs");
  });

  it("is CommonJS chunks with linked source maps naming src/, and dist/ holds no V8 code cache", () => {
    const files = readdirSync(BUNDLE);
    const scripts = files.filter((f) => f.endsWith(".cjs"));
    expect(scripts.length).toBeGreaterThan(1); // split at each command's import()
    expect(files.filter((f) => !f.endsWith(".cjs") && !f.endsWith(".cjs.map"))).toEqual([]);
    for (const script of scripts)
      expect(readFileSync(path.join(BUNDLE, script), "utf8").trimEnd().endsWith(`//# sourceMappingURL=${script}.map`), script).toBe(true);
    const sources = scripts.flatMap((script) => (JSON.parse(readFileSync(path.join(BUNDLE, `${script}.map`), "utf8")) as { sources: string[] }).sources);
    expect(sources).toContain("../../src/cli/main.ts");
    expect(sources).toContain("../../src/cli/commands/lint.ts");
    const everything = readdirSync(path.join(ROOT, "dist"), { recursive: true }).map(String);
    expect(everything.filter((f) => f.endsWith(".cache"))).toEqual([]);
  });

  it("loads few files for --help and validate, all with require(): Node 20's ES module loader costs more per start", () => {
    /**
     * The bundle's files a run of `pathway args...` loaded (Node's require cache at exit), and Node's own modules it
     * loaded that `node -e 0` does not (process.moduleLoadList).
     */
    const loaded = (args: readonly string[]) => {
      const script = `const before = new Set(process.moduleLoadList);
        process.argv = [process.execPath, ${JSON.stringify(BIN)}, ...${JSON.stringify(args)}];
        process.on("exit", () => process.stderr.write(JSON.stringify({ files: Object.keys(require.cache), builtins: process.moduleLoadList.filter((m) => !before.has(m)) })));
        require(${JSON.stringify(BIN)});`;
      const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" } });
      expect(r.status).toBe(0);
      const { files, builtins } = JSON.parse(r.stderr) as { files: string[]; builtins: string[] };
      return {
        files: files.filter((f) => f.startsWith(BUNDLE + path.sep)).map((f) => path.basename(f)),
        packages: files.filter((f) => f.includes(`${path.sep}node_modules${path.sep}`)),
        builtins,
      };
    };
    const help = loaded(["--help"]);
    expect(help.files).toContain("main.cjs");
    expect(help.files.length).toBeLessThanOrEqual(4);
    const validate = loaded(["validate", SAMPLE]);
    expect(validate.files.some((f) => /^validate-\w+\.cjs$/.test(f))).toBe(true);
    expect(validate.files.length).toBeLessThanOrEqual(8);
    // Neither Node's ES module loader nor node:fs/promises (which brings readline and the file watchers) is loaded.
    for (const run of [help, validate]) expect(run.builtins.filter((m) => /esm\/module_job|fs\/promises/.test(m))).toEqual([]);
    // momoa reads a text only to name a repeated key: a clean file never loads it, a file with one does (from the package).
    expect(validate.packages).toEqual([]);
    expect(loaded(["validate", repeatedKeyFile(), "--quiet"]).packages.map((f) => path.relative(path.join(ROOT, "node_modules"), f))).toEqual([
      path.join("@humanwhocodes", "momoa", "dist", "momoa.cjs"),
    ]);
  });

  it("runs from another directory and through a symlink, as npm installs it in node_modules/.bin", () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, "bin"));
    symlinkSync(BIN, path.join(dir, "bin", "pathway"));
    const version = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    expect(execFileSync(path.join(dir, "bin", "pathway"), ["--version"], { cwd: dir, encoding: "utf8" }).trim()).toBe(version);
    const out = execFileSync(path.join(dir, "bin", "pathway"), ["validate", SAMPLE], {
      cwd: dir,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
    });
    expect(out).toContain("1 file checked, no problems");
  });

  it("an unbuilt or damaged install says what to do (status 2, no stack trace)", () => {
    const { dir, bin } = executableCopy();
    writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
    const run = () => spawnSync(process.execPath, [bin, "--help"], { encoding: "utf8", env: { PATH: process.env.PATH ?? "" } });
    const unbuilt = run();
    expect([unbuilt.status, unbuilt.stdout]).toEqual([2, ""]);
    expect(unbuilt.stderr).toBe(
      "pathway: the command line is not built (dist/bundle/main.cjs is missing); run `npm run build` where pathwaykit is, or reinstall it.\n",
    );
    mkdirSync(path.join(dir, "dist", "bundle"), { recursive: true });
    writeFileSync(path.join(dir, "dist", "bundle", "main.cjs"), "exports.main = function main(");
    const damaged = run();
    expect([damaged.status, damaged.stdout]).toEqual([2, ""]);
    expect(damaged.stderr).toMatch(
      /^pathway: the command line could not be loaded \(Unexpected end of input\); run `npm run build` where pathwaykit is, or reinstall it\.\n$/,
    );
    copyFileSync(path.join(BUNDLE, "main.cjs"), path.join(dir, "dist", "bundle", "main.cjs")); // without the chunks it requires
    const partial = run();
    expect([partial.status, partial.stdout]).toEqual([2, ""]);
    expect(partial.stderr).toMatch(
      /^pathway: the command line could not be loaded \(Cannot find module '\.\/chunk-\w+\.cjs'\); run `npm run build` where pathwaykit is, or reinstall it\.\n$/,
    );
  });

  it("an install without momoa's file fails on a repeated key (status 2) rather than report no finding", () => {
    const { dir, bin } = executableCopy();
    cpSync(BUNDLE, path.join(dir, "dist", "bundle"), { recursive: true });
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "pathwaykit", imports: { "#momoa": "./dist/momoa.cjs" } }));
    const duplicate = repeatedKeyFile(dir);
    const run = (file: string) =>
      spawnSync(process.execPath, [bin, "validate", file], { encoding: "utf8", env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" } });
    expect(run(SAMPLE).status).toBe(0); // a clean file never needs it
    const broken = run(duplicate);
    expect(broken.status).toBe(2);
    expect(broken.stderr).toContain(`Cannot find module '${path.join(dir, "dist", "momoa.cjs")}'`);
  });

  it("ends when the command has finished, but not before queued output is written (a pipe is asynchronous on macOS)", () => {
    // A stdout whose writes complete 50 ms later stands in for a slow pipe: ending at once would lose the report.
    const script = `let pending = 0;
      const write = process.stdout.write.bind(process.stdout);
      Object.defineProperty(process.stdout, "writableLength", { get: () => pending });
      process.stdout.write = (chunk) => { pending += chunk.length; setTimeout(() => { write(chunk); pending -= chunk.length; }, 50); return true; };
      process.argv = [process.execPath, ${JSON.stringify(BIN)}, "validate", ${JSON.stringify(SAMPLE)}, "--format", "json"];
      require(${JSON.stringify(BIN)});`;
    const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", env: { PATH: process.env.PATH ?? "" } });
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { filePath: string }[]).map((r) => r.filePath)).toEqual([SAMPLE]);
  });

  it("with PATHWAYKIT_DEBUG, an internal error's stack names src/ files and lines through the bundle's source maps", () => {
    // A stdout that throws is a bug's stand-in: nothing a user can type makes pathwaykit fail on purpose.
    const script = `const write = process.stdout.write.bind(process.stdout);
      process.stdout.write = (chunk, ...rest) => { if (String(chunk).includes("checked")) throw new Error("boom"); return write(chunk, ...rest); };
      process.argv = [process.execPath, ${JSON.stringify(BIN)}, "validate", ${JSON.stringify(SAMPLE)}];
      require(${JSON.stringify(BIN)});`;
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ["-e", script], { encoding: "utf8", env: { PATH: process.env.PATH ?? "", ...env } });
    const plain = run({});
    expect([plain.status, plain.stderr]).toEqual([
      2,
      "pathway: internal error: boom\nThis is a bug in pathwaykit; please report it with the command you ran. (set PATHWAYKIT_DEBUG=1 for details)\n",
    ]);
    const debug = run({ PATHWAYKIT_DEBUG: "1" });
    expect(debug.status).toBe(2);
    expect(debug.stderr).toMatch(/^pathway: internal error: boom\n[^]*\n\s+at .*src[\\/]cli[\\/]commands[\\/]validate\.ts:\d+:\d+\)/);
    expect(debug.stderr).not.toMatch(/dist[\\/]bundle[\\/]/);
  });

  it.skipIf(!existsSync("/dev/full"))("output that cannot be written (a full disk) ends with exit 2 and one line, not a stack trace", () => {
    const full = openSync("/dev/full", "w");
    try {
      const r = spawnSync(process.execPath, [BIN, "--help"], { stdio: ["ignore", full, "pipe"], encoding: "utf8", env: { PATH: process.env.PATH ?? "" } });
      expect([r.status, r.stderr]).toEqual([2, "pathway: cannot write the output (ENOSPC)\n"]);
    } finally {
      closeSync(full);
    }
  });
});
