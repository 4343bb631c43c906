// The package as npm would publish it: what `npm pack` puts in the tarball, what its code imports, and whether a user's TypeScript compiles against its types.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { getInstallCommand, OPTIONAL_PACKAGES, type OptionalFeature } from "../../src/host/optional-packages.js";
import { listDocPages } from "../../scripts/docs/llms.js";
import { ROOT, tempDir } from "../support/cli.js";

interface PackageJson {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  imports?: Record<string, string>;
}

const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as PackageJson;

/** The files `npm pack` would put in the tarball (no scripts run, nothing written, no network). */
function packedFiles(): Set<string> {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const [report] = JSON.parse(out) as [{ files: { path: string }[] }];
  return new Set(report.files.map((f) => f.path));
}

/** Relative link targets in a Markdown text (`[text](target)`), without anchors; web links and anchors alone are left out. */
function localLinks(markdown: string): string[] {
  const links = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!.split("#")[0]!);
  return [...new Set(links.filter((l) => l !== "" && !/^[a-z]+:/i.test(l)))];
}

/** Every `.ts` file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The package a bare import specifier names (`@scope/name/sub` -> `@scope/name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** A user's project folder whose node_modules/pathwaykit is this checkout (resolved as an installed package: by "exports"). */
function consumerProject(): string {
  const dir = tempDir("pathwaykit-consumer-");
  mkdirSync(path.join(dir, "node_modules"));
  symlinkSync(ROOT, path.join(dir, "node_modules", "pathwaykit"), "dir");
  return dir;
}

describe("the published package", () => {
  test("holds the executable, its bundle, the library, its types, the schemas, the licence, the docs and every file README.md links to", () => {
    const files = packedFiles();
    const schemas = readdirSync(path.join(ROOT, "schemas")).map((f) => `schemas/${f}`);
    const needed = ["bin/pathway.cjs", "dist/bundle/main.cjs", "dist/index.js", "dist/index.cjs", "dist/index.d.ts", "README.md", "LICENSE", ...schemas];
    const linked = localLinks(readFileSync(path.join(ROOT, "README.md"), "utf8"));
    expect(linked).toContain("docs/api.md"); // the check below checks something
    expect(linked).toContain("CHANGELOG.md");
    expect([...needed, ...linked].filter((f) => !files.has(f))).toEqual([]);
    expect([...files].filter((f) => /^(src|test|scripts)\//.test(f))).toEqual([]);
    // The docs as they were at this version, so README's links resolve in node_modules too (and llms.txt for an
    // assistant reading it there); the hand-written sources the rule pages are generated from stay out.
    const pages = ["docs/llms.txt", ...listDocPages().map((p) => `docs/${p}`)];
    expect(pages.filter((f) => !files.has(f))).toEqual([]);
    expect([...files].filter((f) => f.startsWith("docs/") && !pages.includes(f))).toEqual([]);
  }, 60_000);

  test("publishes cleanly: npm publish --dry-run corrects nothing in package.json and warns of nothing but the missing login", () => {
    const run = spawnSync("npm", ["publish", "--dry-run", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const warnings = run.stderr.split("\n").filter((l) => l.startsWith("npm warn") && !/requires you to be logged in/.test(l));
    expect(warnings).toEqual([]);
    expect(run.stderr).toMatch(/npm notice total files: \d+/);
    expect((JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { repository: { url: string } }).repository.url).toMatch(
      /^git\+https:\/\/github\.com\/[^/]+\/pathwaykit\.git$/,
    );
  }, 60_000);

  test("declares every package its code imports (a package only a dependency brings is missing under pnpm or Yarn PnP)", () => {
    const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
    const imported = new Set<string>();
    for (const file of sourceFiles(path.join(ROOT, "src"))) {
      const text = readFileSync(file, "utf8");
      // Value imports and this package's own require.resolve: `import type` is erased, and what another package resolves is its business.
      for (const m of text.matchAll(
        /^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+"([^".][^"]*)"|import\(\s*"([^".][^"]*)"\s*\)|createRequire\(import\.meta\.url\)\.resolve\(\s*"([^".][^"]*)"\s*\)/gm,
      )) {
        const specifier = m[1] ?? m[2] ?? m[3]!;
        if (!specifier.startsWith("node:")) imported.add(packageOf(specifier));
      }
    }
    // And the packages package.json's subpath imports name (#momoa, required on first use).
    for (const target of Object.values(pkg.imports ?? {})) imported.add(packageOf(target));
    expect(imported).toContain("@humanwhocodes/momoa");
    expect(imported.size).toBeGreaterThan(5);
    expect([...imported].filter((name) => !declared.has(name)).sort()).toEqual([]);
  });

  test("installs without running a download: no package it depends on has an install script", () => {
    // package-lock.json marks the packages only development needs with `dev`; the others are what a user installs.
    const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
      packages: Record<string, { hasInstallScript?: boolean; dev?: boolean }>;
    };
    const scripted = Object.entries(lock.packages).filter(([where, p]) => where !== "" && p.hasInstallScript === true && p.dev !== true);
    // esbuild (under tsx, which only `pathway build` needs) comes with the optional peers, not with pathwaykit.
    expect(scripted.map(([where]) => where)).toEqual([]);
  });

  test("leaves optional exactly the peers the missing-package errors name, with the same ranges", () => {
    const {
      peerDependencies = {},
      peerDependenciesMeta = {},
      devDependencies = {},
    } = pkg as PackageJson & { peerDependenciesMeta?: Record<string, { optional?: boolean }>; devDependencies?: Record<string, string> };
    const named = Object.assign({}, ...Object.values(OPTIONAL_PACKAGES).map((f) => f.packages)) as Record<string, string>;
    expect(peerDependencies).toEqual(named);
    expect(Object.keys(peerDependencies).filter((name) => peerDependenciesMeta[name]?.optional !== true)).toEqual([]);
    // The repository installs them all, so the test suite runs the heavy paths.
    expect(Object.keys(peerDependencies).filter((name) => devDependencies[name] !== peerDependencies[name])).toEqual([]);
    // The getting-started guide's table gives the same commands the errors print.
    const guide = readFileSync(path.join(ROOT, "docs/getting-started.md"), "utf8");
    for (const feature of Object.keys(OPTIONAL_PACKAGES) as OptionalFeature[]) expect(guide).toContain(`\`${getInstallCommand(feature)}\``);
  });

  test("lets a user's code resolve the JSON Schemas and package.json (for ajv, editor settings, version checks)", () => {
    const dir = consumerProject();
    const require = createRequire(path.join(dir, "index.js"));
    for (const file of readdirSync(path.join(ROOT, "schemas"))) {
      expect(realpathSync(require.resolve(`pathwaykit/schemas/${file}`))).toBe(realpathSync(path.join(ROOT, "schemas", file)));
    }
    expect(realpathSync(require.resolve("pathwaykit/package.json"))).toBe(realpathSync(path.join(ROOT, "package.json")));
    expect(() => require.resolve("pathwaykit/dist/cli/main.js")).toThrow(/not defined by "exports"/); // internals stay internal
  });

  test("gives require() a CommonJS copy of the library with the same exports, which builds the same pathway", async () => {
    const dir = consumerProject();
    const require = createRequire(path.join(dir, "index.js"));
    // A *.pathway.ts module in a folder without "type": "module" runs as CommonJS: it must not get dist/'s ES modules.
    expect(realpathSync(require.resolve("pathwaykit"))).toBe(realpathSync(path.join(ROOT, "dist/index.cjs")));
    const commonjs = require("pathwaykit") as Record<string, unknown>;
    const esm = (await import(path.join(ROOT, "dist/index.js"))) as Record<string, unknown>;
    expect(Object.keys(commonjs).sort()).toEqual(Object.keys(esm).sort());
    type Lib = typeof import("../../src/index.js");
    const build = (lib: Lib) =>
      lib
        .pathway({ name: "Both" })
        .start("a", lib.defaultNode({ name: "A", text: "Hi" }))
        .node("b", lib.endCall({ name: "B", text: "Bye" }))
        .edge("a", "b", "done")
        .build();
    expect(build(commonjs as unknown as Lib)).toEqual(build(esm as unknown as Lib));
  });

  test("require() of the library loads the builder alone (no zod, no yaml, no dynamic import()) until another export is used", () => {
    // `pathway build` runs a module of a CommonJS folder under tsx's require hook, which converts each file required
    // through it and rewrites every import() call with a fresh source map: the whole library with its packages cost
    // a 1,000-node build about 1.3 s of CPU. In a fresh process, as the module's own require sees it.
    const dir = consumerProject();
    const script = `
      const loaded = () => Object.keys(require.cache);
      const lib = require("pathwaykit");
      const built = lib.pathway({ name: "P" }).start("a", lib.defaultNode({ name: "A", text: "Hi" })).node("b", lib.endCall({ name: "B", text: "Bye" })).edge("a", "b", "done").build();
      const before = loaded();
      const schemaParses = lib.PathwaySchema.safeParse(built).success;
      const after = loaded();
      let sameClass;
      try { sameClass = lib.PathwayBuilder === require(require.resolve("pathwaykit").replace(/index\\.cjs$/, "library.cjs")).PathwayBuilder; } catch { sameClass = "no library.cjs"; }
      process.stdout.write(JSON.stringify({ before, after, schemaParses, sameClass }));
    `;
    const run = spawnSync(process.execPath, ["-e", script], { cwd: dir, encoding: "utf8" });
    expect(run.stderr).toBe("");
    const { before, after, schemaParses, sameClass } = JSON.parse(run.stdout) as {
      before: string[];
      after: string[];
      schemaParses: boolean;
      sameClass: boolean;
    };
    const packages = (files: string[]) =>
      [...new Set(files.flatMap((f) => /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(path.relative(ROOT, f))?.[1] ?? []))].sort();
    expect(packages(before).filter((p) => /^(zod|yaml|js-yaml|picomatch)$/.test(p))).toEqual([]);
    const own = before.filter((f) => path.relative(realpathSync(ROOT), f).startsWith("dist"));
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((f) => /\bimport\(/.test(readFileSync(f, "utf8")))).toEqual([]);
    // The rest comes on first use, with the builder's own modules shared (one class, not a second copy).
    expect([schemaParses, sameClass]).toEqual([true, true]);
    expect(packages(after)).toContain("zod");
  });

  test("a user's pathway module type-checks against the package's types without skipLibCheck and without @types/node", () => {
    const dir = consumerProject();
    writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
    // What `tsc --init` writes (TypeScript 6+: `types: []`, so no @types package is loaded), with every library file checked.
    const compilerOptions = {
      module: "nodenext",
      target: "esnext",
      types: [],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      skipLibCheck: false,
      noEmit: true,
    };
    writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["*.ts"] }));
    writeFileSync(
      path.join(dir, "callback.pathway.ts"),
      [
        'import { createNodeHost, defaultNode, endCall, pathway, validateFiles, type NodeHostOptions } from "pathwaykit";',
        'export default pathway({ name: "Callback" }).start("hi", defaultNode({ name: "Hi", text: "Hello" })).node("bye", endCall({ name: "Bye", text: "Bye" })).edge("hi", "bye", "done");',
        'const options: NodeHostOptions = { cwd: "." };',
        "export const results = validateFiles(createNodeHost(options), []);",
        "",
      ].join("\n"),
    );
    const tsc = spawnSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", path.join(dir, "tsconfig.json")], { encoding: "utf8" });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 60_000);
});
