// The built executable's pack (dist/bundle): valid JavaScript with every import() handed to the launcher, code caches this Node accepts, and a start from anywhere.
import { parse } from "acorn";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, ROOT, runCli, tempDir } from "../support/cli.js";

const BUNDLE = path.join(ROOT, "dist/bundle");
const PACK = path.join(BUNDLE, "cli.cjs");

describe("the CLI pack", () => {
  beforeAll(() => {
    // Built by `npm test` (npm run build); without it the checks must fail, not skip.
    expect(readdirSync(BUNDLE), "run `npm run build` first").toContain("cli.cjs");
  });

  it("is one JavaScript expression whose chunks never call import() themselves (inside a Script it would throw)", () => {
    const imports: string[] = [];
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== "object") return;
      if ((node as { type?: unknown }).type === "ImportExpression") imports.push(JSON.stringify(node).slice(0, 80));
      Object.values(node).forEach(visit);
    };
    const program = parse(readFileSync(PACK, "utf8"), { ecmaVersion: "latest", sourceType: "script" });
    expect(program.body).toHaveLength(1);
    visit(program);
    expect(imports).toEqual([]);
  });

  it("has a code cache for every command, and a plain node accepts each (a rejected cache would silently slow every start)", () => {
    const caches = readdirSync(BUNDLE).filter((f) => f.endsWith(".cache"));
    const commands = runCli(["completion", "bash"]).stdout; // lists every command name
    expect(caches).toContain("cli.pathway.cache");
    expect(caches).toContain("cli.validate.cache");
    for (const cache of caches) expect(commands + " pathway", cache).toContain(cache.split(".")[1]!);
    const check = `const vm = require("node:vm"), fs = require("node:fs");
      const source = fs.readFileSync(${JSON.stringify(PACK)}, "utf8");
      const rejected = ${JSON.stringify(caches)}.filter((c) => new vm.Script(source, { filename: ${JSON.stringify(PACK)}, cachedData: fs.readFileSync(${JSON.stringify(BUNDLE)} + "/" + c) }).cachedDataRejected);
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
});
