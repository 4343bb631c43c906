// .pre-commit-hooks.yaml: valid against pre-commit's manifest fields, selecting the right files, and each hook run as pre-commit runs it (entry, then the staged file names).
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { ROOT, runCli, tempDir } from "../support/cli.js";

/**
 * One hook of a manifest, with the fields and defaults of pre-commit's MANIFEST_HOOK_DICT (pre-commit/clientlib.py,
 * the "Creating new hooks" table at pre-commit.com); strict, as pre-commit warns on keys it does not know.
 */
const HookSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  entry: z.string().min(1),
  language: z.enum([
    "conda",
    "coursier",
    "dart",
    "docker",
    "docker_image",
    "dotnet",
    "fail",
    "golang",
    "haskell",
    "julia",
    "lua",
    "node",
    "perl",
    "pygrep",
    "python",
    "r",
    "ruby",
    "rust",
    "swift",
    "script",
    "system",
    "unsupported",
    "unsupported_script",
  ]),
  alias: z.string().optional(),
  files: z.string().optional(),
  exclude: z.string().optional(),
  types: z.array(z.string()).optional(),
  types_or: z.array(z.string()).optional(),
  exclude_types: z.array(z.string()).optional(),
  additional_dependencies: z.array(z.string()).optional(),
  args: z.array(z.string()).optional(),
  always_run: z.boolean().optional(),
  fail_fast: z.boolean().optional(),
  pass_filenames: z.boolean().optional(),
  description: z.string().optional(),
  language_version: z.string().optional(),
  log_file: z.string().optional(),
  require_serial: z.boolean().optional(),
  stages: z
    .array(
      z.enum([
        "commit-msg",
        "post-checkout",
        "post-commit",
        "post-merge",
        "post-rewrite",
        "pre-commit",
        "pre-merge-commit",
        "pre-push",
        "pre-rebase",
        "prepare-commit-msg",
        "manual",
      ]),
    )
    .optional(),
  verbose: z.boolean().optional(),
});
type Hook = z.infer<typeof HookSchema>;

const hooks = z.array(HookSchema).parse(parse(readFileSync(path.join(ROOT, ".pre-commit-hooks.yaml"), "utf8"))) as Hook[];
const hook = (id: string) => hooks.find((h) => h.id === id)!;

/** Whether pre-commit would give `file` to the hook: `files` matches and `exclude` does not (both searched, as Python's re.search). */
function selects(h: Hook, file: string): boolean {
  return new RegExp(h.files ?? "").test(file) && !new RegExp(h.exclude ?? "^$").test(file);
}

/** Runs the hook as pre-commit does: its entry split on spaces, its args, then the file names. */
function runHook(h: Hook, cwd: string, files: string[]) {
  const [command, ...entryArgs] = h.entry.split(" ");
  expect(command).toBe("pathway");
  return runCli([...entryArgs, ...(h.args ?? []), ...files], { cwd });
}

const good = readFileSync(path.join(ROOT, "pathways/support-kb.json"), "utf8");

/** A project with a canonical pathway, a broken one, a badly formatted one, and JSON that is not a pathway. */
function project(): string {
  const dir = tempDir("pathwaykit-precommit-");
  mkdirSync(path.join(dir, "pathways"));
  writeFileSync(path.join(dir, "pathways/good.json"), good);
  const broken = JSON.parse(good) as { edges: unknown[] };
  broken.edges.push({ id: "e-x", source: "greeting", target: "nowhere", label: "never" });
  writeFileSync(path.join(dir, "pathways/broken.json"), `${JSON.stringify(broken, null, 2)}\n`);
  writeFileSync(path.join(dir, "pathways/ugly.json"), JSON.stringify(JSON.parse(good)));
  writeFileSync(path.join(dir, "package.json"), '{"name": "x"}\n');
  return dir;
}

describe(".pre-commit-hooks.yaml", () => {
  test("has a pathway lint and a pathway fmt --check hook, in pre-commit's manifest fields, run by the package's own executable", () => {
    expect(hooks.map((h) => h.id)).toEqual(["pathway-lint", "pathway-fmt"]);
    expect(hook("pathway-lint").entry).toMatch(/^pathway lint\b/);
    expect(hook("pathway-fmt").entry).toBe("pathway fmt --check");
    for (const h of hooks) expect(h.language).toBe("node");
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { bin: Record<string, string> };
    expect(Object.keys(pkg.bin)).toContain("pathway");
  });

  test("passes the staged file names to both commands, since each checks exactly the files it is given", () => {
    for (const h of hooks) {
      expect(h.pass_filenames ?? true).toBe(true);
      expect(h.always_run ?? false).toBe(false);
    }
  });

  test.each([
    ["pathways/support.json", true],
    ["team/pathways/sub/booking.json", true],
    ["pathways/scenarios/support/a.scenario.json", false],
    ["pathways/pathway.schema.json", false],
    ["pathways/pathway.config.json", false],
    ["pathways/pathwaykit.manifest.json", false],
    ["pathways/package.json", false],
    ["package.json", false],
    ["src/settings.json", false],
    ["pathways/support.pathway.ts", false],
    ["pathways/notes.md", false],
  ])("selects %s: %s", (file, expected) => {
    for (const h of hooks) expect(selects(h, file)).toBe(expected);
  });

  test("the lint hook fails on a staged broken pathway and passes when only good ones are staged", () => {
    const dir = project();
    expect(runHook(hook("pathway-lint"), dir, ["pathways/good.json"]).code).toBe(0);
    const failed = runHook(hook("pathway-lint"), dir, ["pathways/good.json", "pathways/broken.json"]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain("pathways/broken.json");
  });

  test("the fmt hook names a staged file that is not canonical and leaves it byte for byte", () => {
    const dir = project();
    const before = readFileSync(path.join(dir, "pathways/ugly.json"));
    expect(runHook(hook("pathway-fmt"), dir, ["pathways/good.json"]).code).toBe(0);
    const failed = runHook(hook("pathway-fmt"), dir, ["pathways/good.json", "pathways/ugly.json"]);
    expect(failed.code).toBe(1);
    expect(failed.stdout + failed.stderr).toContain("pathways/ugly.json");
    expect(readFileSync(path.join(dir, "pathways/ugly.json")).equals(before)).toBe(true);
  });
});
