// The built executable's pack (dist/bundle): valid JavaScript with every import() handed to the launcher, code caches this Node accepts, and a start from anywhere.
import { parse } from "acorn";
import { execFileSync, spawnSync } from "node:child_process";
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, ROOT, runCli, tempDir } from "../support/cli.js";

const BUNDLE = path.join(ROOT, "dist/bundle");
const PACKS = ["cli.cjs", "cli-more.cjs"].map((f) => path.join(BUNDLE, f));

describe("the CLI pack", () => {
  beforeAll(() => {
    // Built by `npm test` (npm run build); without it the checks must fail, not skip.
    expect(readdirSync(BUNDLE), "run `npm run build` first").toContain("cli.cjs");
  });

  it("is two JavaScript expressions whose chunks never call import() themselves (inside a Script it would throw)", () => {
    const imports: string[] = [];
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== "object") return;
      if ((node as { type?: unknown }).type === "ImportExpression") imports.push(JSON.stringify(node).slice(0, 80));
      Object.values(node).forEach(visit);
    };
    for (const pack of PACKS) {
      const program = parse(readFileSync(pack, "utf8"), { ecmaVersion: "latest", sourceType: "script" });
      expect(program.body).toHaveLength(1);
      visit(program);
    }
    expect(imports).toEqual([]);
  });

  it("has a code cache for every command, and a plain node accepts each (a rejected cache would silently slow every start)", () => {
    const caches = readdirSync(BUNDLE).filter((f) => f.endsWith(".cache"));
    const commands = runCli(["completion", "bash"]).stdout; // lists every command name
    expect(caches).toEqual(expect.arrayContaining(["cli.pathway.cache", "cli.validate.cache", "cli-more.lint.cache"]));
    for (const cache of caches) expect(commands + " pathway", cache).toContain(cache.split(".")[1]!);
    const check = `const vm = require("node:vm"), fs = require("node:fs"), dir = ${JSON.stringify(BUNDLE)};
      const rejected = ${JSON.stringify(caches)}.filter((c) => {
        const pack = dir + "/" + c.split(".")[0] + ".cjs";
        return new vm.Script(fs.readFileSync(pack, "latin1"), { filename: pack, cachedData: fs.readFileSync(dir + "/" + c) }).cachedDataRejected;
      });
      process.stdout.write(JSON.stringify(rejected));`;
    expect(JSON.parse(execFileSync(process.execPath, ["-e", check], { encoding: "utf8", env: { PATH: process.env.PATH ?? "" } }))).toEqual([]);
  });

  it("runs from another directory and through a symlink, as npm installs it in node_modules/.bin", () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, "bin"));
    symlinkSync(BIN, path.join(dir, "bin", "pathway"));
    const version = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    expect(execFileSync(path.join(dir, "bin", "pathway"), ["--version"], { cwd: dir, encoding: "utf8" }).trim()).toBe(version);
    const out = execFileSync(path.join(dir, "bin", "pathway"), ["validate", path.join(ROOT, "pathways/appointment-booking.json")], { cwd: dir, encoding: "utf8", env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" } });
    expect(out).toContain("1 file checked, no problems");
  });

  it("an unbuilt or damaged install says what to do (status 2, no stack trace)", () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, "bin"));
    copyFileSync(BIN, path.join(dir, "bin", "pathway.cjs"));
    const run = () => spawnSync(process.execPath, [path.join(dir, "bin", "pathway.cjs"), "--help"], { encoding: "utf8", env: { PATH: process.env.PATH ?? "" } });
    const unbuilt = run();
    expect([unbuilt.status, unbuilt.stdout]).toEqual([2, ""]);
    expect(unbuilt.stderr).toBe("pathway: the command line is not built (dist/bundle/launch.cjs is missing); run `npm run build` where pathwaykit is, or reinstall it.\n");
    mkdirSync(path.join(dir, "dist", "bundle"), { recursive: true });
    copyFileSync(path.join(BUNDLE, "launch.cjs"), path.join(dir, "dist", "bundle", "launch.cjs"));
    writeFileSync(path.join(dir, "dist", "bundle", "cli.cjs"), "({\"./main.cjs\": function (");
    const damaged = run();
    expect([damaged.status, damaged.stdout]).toEqual([2, ""]);
    expect(damaged.stderr).toMatch(/^pathway: the command line's pack .*cli\.cjs could not be loaded \(Unexpected end of input\); run `npm run build`/);
    expect(damaged.stderr).not.toMatch(/\n\s+at /);
    // The second pack is read mid-run, when a command needs it: missing, the run still ends with one clear line.
    for (const f of readdirSync(BUNDLE).filter((f) => f.startsWith("cli.") || f === "launch.cjs")) copyFileSync(path.join(BUNDLE, f), path.join(dir, "dist", "bundle", f));
    const halfInstalled = spawnSync(process.execPath, [path.join(dir, "bin", "pathway.cjs"), "lint", path.join(ROOT, "pathways/appointment-booking.json")], { encoding: "utf8", env: { PATH: process.env.PATH ?? "" } });
    expect(halfInstalled.status).toBe(2);
    expect(halfInstalled.stderr).toMatch(/cli-more\.cjs could not be loaded \(ENOENT[^)]*\); run `npm run build` where pathwaykit is, or reinstall it/);
    expect(halfInstalled.stderr).not.toMatch(/\n\s+at /);
  });

  it("with PATHWAYKIT_DEBUG, an internal error's stack names src/ files and lines (the CLI's own modules, source-mapped), not the minified pack", () => {
    // A stdout that throws is a bug's stand-in: nothing a user can type makes pathwaykit fail on purpose.
    const script = `const write = process.stdout.write.bind(process.stdout);
      process.stdout.write = (chunk, ...rest) => { if (String(chunk).includes("checked")) throw new Error("boom"); return write(chunk, ...rest); };
      require(${JSON.stringify(path.join(BUNDLE, "launch.cjs"))}).launch(["validate", ${JSON.stringify(path.join(ROOT, "pathways/appointment-booking.json"))}]);`;
    const run = (env: Record<string, string>) => spawnSync(process.execPath, ["-e", script], { encoding: "utf8", env: { PATH: process.env.PATH ?? "", ...env } });
    const plain = run({});
    expect([plain.status, plain.stderr]).toEqual([2, "pathway: internal error: boom\nThis is a bug in pathwaykit; please report it with the command you ran. (set PATHWAYKIT_DEBUG=1 for details)\n"]);
    const debug = run({ PATHWAYKIT_DEBUG: "1" });
    expect(debug.status).toBe(2);
    expect(debug.stderr).toMatch(/^pathway: internal error: boom\n[^]*\n\s+at .*src[\\/]cli[\\/]commands[\\/]validate\.ts:\d+:\d+\)/);
    expect(debug.stderr).not.toMatch(/dist[\\/]bundle[\\/]cli/);
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
