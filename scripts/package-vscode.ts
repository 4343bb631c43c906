// `npm run package:vscode`: the VS Code extension in editors/vscode as a .vsix: its client bundled with esbuild, a copy of the built CLI as the fallback server, packed by @vscode/vsce (no publishing).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXTENSION = path.join(ROOT, "editors/vscode");

/** `--out <file>`: where the .vsix goes (default editors/vscode/pathwaykit-vscode-<version>.vsix). */
function outPath(): string | undefined {
  const i = process.argv.indexOf("--out");
  return i >= 0 ? path.resolve(process.argv[i + 1] ?? "") : undefined;
}

if (!existsSync(path.join(ROOT, "dist/bundle/main.cjs"))) {
  console.error("package:vscode needs the built CLI (dist/bundle): run `npm run build` first.");
  process.exit(2);
}

// The client and vscode-languageclient in one CommonJS file: the .vsix then needs no node_modules of its own, and the
// extension's packages stay out of pathwaykit's dependencies (they are devDependencies here).
await build({
  entryPoints: [path.join(EXTENSION, "src/extension.ts")],
  outfile: path.join(EXTENSION, "dist/extension.js"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  external: ["vscode"],
  minify: true,
  legalComments: "none",
  logLevel: "warning",
});

// The fallback server: the CLI's bundle as `pathway` runs it (bin/pathway.cjs loads dist/bundle/main.cjs, which reads
// ../../package.json for --version). The optional heavy packages are not in it: `pathway lsp` does not need them.
const server = path.join(EXTENSION, "server");
rmSync(server, { recursive: true, force: true });
mkdirSync(path.join(server, "bin"), { recursive: true });
cpSync(path.join(ROOT, "bin/pathway.cjs"), path.join(server, "bin/pathway.cjs"));
cpSync(path.join(ROOT, "dist/bundle"), path.join(server, "dist/bundle"), { recursive: true, filter: (f) => !f.endsWith(".map") });
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
// The parser the bundle loads on first use through package.json's `#momoa` (a .vsix holds no node_modules): its one file.
cpSync(path.join(ROOT, "node_modules/@humanwhocodes/momoa/dist/momoa.cjs"), path.join(server, "dist/momoa.cjs"));
const imports = { "#momoa": "./dist/momoa.cjs" };
writeFileSync(
  path.join(server, "package.json"),
  `${JSON.stringify({ name: "pathwaykit", version: pkg.version, type: "module", private: true, imports }, null, 2)}\n`,
);
cpSync(path.join(ROOT, "LICENSE"), path.join(EXTENSION, "LICENSE"));

const vsce = path.join(ROOT, "node_modules/@vscode/vsce/vsce");
const args = [vsce, "package", "--no-dependencies", "--allow-missing-repository", ...(outPath() ? ["--out", outPath()!] : [])];
const result = spawnSync(process.execPath, args, { cwd: EXTENSION, stdio: "inherit" });
process.exitCode = result.status ?? 2;
