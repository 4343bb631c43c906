// Bench: what `npm i -D pathwaykit` costs a user: size, package count and time of a lean install (no optional peers) and a full one.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { OPTIONAL_PACKAGES } from "../../src/host/optional-packages.js";
import type { BenchRow, BenchSuite } from "./measure.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Bytes of every file under `folder` and the number of packages in it (folders with a package.json, nested ones too). */
function measureFolder(folder: string): { bytes: number; packages: number } {
  let bytes = 0;
  let packages = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
    const parent = path.relative(path.dirname(folder), entry.parentPath).split(path.sep);
    // node_modules/<name>/package.json or node_modules/@scope/<name>/package.json, at any depth of node_modules.
    const last = parent.lastIndexOf("node_modules");
    const depth = parent.length - last - 1;
    if (entry.name === "package.json" && last >= 0 && (depth === 1 || (depth === 2 && parent[last + 1]!.startsWith("@")))) packages++;
  }
  return { bytes, packages };
}

/** Installs `specs` into a fresh folder as a user's project would (npm's cache first, then the registry). */
function install(dir: string, specs: readonly string[]): { ms: number; mb: number; packages: number } {
  mkdirSync(dir);
  writeFileSync(path.join(dir, "package.json"), '{ "name": "bench-user", "private": true }\n');
  const started = performance.now();
  execFileSync("npm", ["install", "--save-dev", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", ...specs], { cwd: dir, stdio: "ignore" });
  const ms = performance.now() - started;
  const { bytes, packages } = measureFolder(path.join(dir, "node_modules"));
  return { ms, mb: bytes / 1e6, packages };
}

export const installSuite: BenchSuite = {
  name: "install",
  async run() {
    const dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-bench-install-"));
    try {
      const [packed] = JSON.parse(
        execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], {
          cwd: ROOT,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
        }),
      ) as [{ filename: string }];
      const tarball = path.join(dir, packed.filename);
      const optional = Object.values(OPTIONAL_PACKAGES).flatMap((f) => Object.entries(f.packages).map(([name, range]) => `${name}@${range}`));
      const lean = install(path.join(dir, "lean"), [tarball]);
      const full = install(path.join(dir, "full"), [tarball, ...optional]);
      const rows: BenchRow[] = [];
      for (const [name, r, note] of [
        ["lean install: node_modules", lean, "validate, lint, test, check-request, diff, report; target <= 60 MB"],
        ["full install: node_modules", full, `with ${optional.map((s) => s.replace(/@[^@]*$/, "")).join(", ")}`],
      ] as const) {
        rows.push({ name, value: `${r.mb.toFixed(1)} MB`, note: `${r.packages} packages; ${note}` });
        rows.push({ name: `${name.split(":")[0]}: npm install time`, value: `${(r.ms / 1000).toFixed(1)} s`, note: "npm's cache, then the registry" });
      }
      return rows;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
