// `npm i -D github:pathwaykit/pathwaykit` before the package is on the registry: npm clones, installs the development packages, builds (prepare), packs and installs; tested with git+file:// of a fresh clone.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ROOT, spawnCollect, tempDir } from "../support/cli.js";
import { startRecordingProxy, type RecordingProxy } from "../support/recording-proxy.js";

// The install takes about a minute and a half with npm's cache warm (it installs every development package and runs
// the build twice), too long for every `npm test`: CI (.ci/run) sets the variable.
const enabled = process.env["PATHWAYKIT_TEST_INSTALLS"] === "1";
if (!enabled)
  console.log(
    "\nThe install from a git clone (test/package/git-install.test.ts) is skipped: set PATHWAYKIT_TEST_INSTALLS=1 to run it (.ci/run does; about 90 s).\n",
  );

const version = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const registry = new URL(execFileSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).trim());

let dir = "";
let clone = "";
let proxy: RecordingProxy;
let install: { code: number; output: string; ms: number };

/** Environment of the user's shell, with every download going through the recording proxy. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? dir, NO_COLOR: "1" };
  for (const name of ["HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "npm_config_proxy", "npm_config_https_proxy"]) env[name] = proxy.url;
  // A browser download (puppeteer's postinstall) would land here.
  env["PUPPETEER_CACHE_DIR"] = path.join(dir, "puppeteer-cache");
  return env;
}

/** Runs a command in the user's project, without blocking this process (the proxy answers from its event loop). */
function run(command: string, args: readonly string[], timeout = 120_000): Promise<{ code: number; stdout: string; stderr: string }> {
  return spawnCollect(command, args, { cwd: path.join(dir, "user"), env: userEnv(), timeout });
}

describe.skipIf(!enabled)("npm install from a git clone (what github:pathwaykit/pathwaykit gives)", () => {
  beforeAll(async () => {
    dir = tempDir("pathwaykit-git-install-");
    // A fresh clone at this checkout's commit: what GitHub serves is what is committed, not the working tree.
    clone = path.join(dir, "pathwaykit");
    execFileSync("git", ["clone", "--quiet", "--no-local", ROOT, clone]);
    execFileSync("git", ["checkout", "--quiet", execFileSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim()], { cwd: clone });
    proxy = await startRecordingProxy((host) => host === registry.hostname);
    mkdirSync(path.join(dir, "user", "pathways"), { recursive: true });
    // As README says for npm 12, which runs a git dependency's build only when allowed (npm 11 warns without it).
    writeFileSync(
      path.join(dir, "user", "package.json"),
      `${JSON.stringify({ name: "git-user", private: true, allowScripts: { [`git+file://${clone}`]: true } }, null, 2)}\n`,
    );
    copyFileSync(path.join(ROOT, "pathways/appointment-booking.json"), path.join(dir, "user/pathways/appointment-booking.json"));
    const started = performance.now();
    // npm's cache (filled by the repository's own install) serves the packages; the registry only what it lacks.
    const r = await run("npm", ["install", "-D", "--allow-git=root", "--prefer-offline", "--no-audit", "--no-fund", `git+file://${clone}`], 600_000);
    install = { code: r.code, output: `${r.stdout}\n${r.stderr}`, ms: Math.round(performance.now() - started) };
    console.log(
      `\nnpm install git+file://<fresh clone>: exit ${install.code} in ${(install.ms / 1000).toFixed(0)} s; hosts asked for: ${[...new Set(proxy.hosts)].join(", ") || "none (npm's cache had everything)"}\n`,
    );
  }, 660_000);
  afterAll(async () => proxy?.close());

  test("installs, recorded as a git dependency, and downloads from nothing but the npm registry", () => {
    expect(install.code, install.output).toBe(0);
    // The allowScripts entry covers the build (npm lists uncovered install scripts, and will skip them in npm 12).
    expect(install.output).not.toContain("not yet covered by allowScripts");
    const manifest = JSON.parse(readFileSync(path.join(dir, "user/package.json"), "utf8")) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies["pathwaykit"]).toBe(`git+file://${clone}`);
    // No dependency's install script fetched anything (a browser, a prebuilt binary from GitHub): every host is the registry's.
    expect(proxy.hosts.filter((h) => h.split(":")[0] !== registry.hostname)).toEqual([]);
    expect(existsSync(path.join(dir, "puppeteer-cache"))).toBe(false);
  });

  test("gives the built package without its sources or development packages", () => {
    const installed = path.join(dir, "user/node_modules/pathwaykit");
    expect(readdirSync(installed).sort()).toEqual(["CHANGELOG.md", "LICENSE", "README.md", "bin", "dist", "docs", "package.json", "schemas"]);
    expect(existsSync(path.join(installed, "dist/bundle/main.cjs"))).toBe(true);
    expect(existsSync(path.join(installed, "dist/index.d.ts"))).toBe(true);
    // The development packages were installed in npm's copy of the clone to build it, not in the user's project.
    const modules = readdirSync(path.join(dir, "user/node_modules"));
    expect(modules).toContain("zod");
    expect(modules.filter((m) => ["typescript", "vitest", "puppeteer", "puppeteer-core", "mermaid", "ts-morph", "tsx", "esbuild"].includes(m))).toEqual([]);
  });

  test("gives a working `pathway`: --version, and validate on a file", async () => {
    expect(await run("npx", ["--no", "--", "pathway", "--version"])).toMatchObject({ code: 0, stdout: `${version}\n` });
    const valid = await run("npx", ["--no", "--", "pathway", "validate", "pathways/appointment-booking.json"]);
    expect([valid.code, valid.stderr]).toEqual([0, ""]);
    expect(valid.stdout).toContain("1 file checked");
    writeFileSync(
      path.join(dir, "user/pathways/broken.json"),
      '{"nodes": [{"id": "a", "type": "Default", "data": {"name": "A", "text": "Hi"}}], "edges": [{"id": "e", "source": "a", "target": "nowhere"}]}\n',
    );
    const broken = await run("npx", ["--no", "--", "pathway", "validate", "pathways/broken.json", "--format", "json"]);
    expect(broken.code).toBe(1);
    expect((JSON.parse(broken.stdout) as { errorCount: number }[])[0]!.errorCount).toBeGreaterThan(0);
  });
});
