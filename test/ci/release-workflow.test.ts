// .github/workflows/release.yml: valid for GitHub's own parser, publishes with provenance on a v* tag, and its scripts (the tag check, the major tag) do what they say when run.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from "@actions/workflow-parser";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { ROOT, tempDir } from "../support/cli.js";
import { git } from "../support/ci-project.js";
import { checkShellScript } from "../support/shell-check.js";

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Job {
  needs?: string;
  if?: string;
  environment?: string;
  permissions: Record<string, string>;
  steps: Step[];
}

const file = path.join(ROOT, ".github/workflows/release.yml");
const text = readFileSync(file, "utf8");
const workflow = parse(text) as { on: { push: { tags: string[]; branches?: string[] } }; permissions: Record<string, string>; jobs: Record<string, Job> };
const version = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

/** Runs a `run:` script as GitHub's `shell: bash` does, in `cwd`, with `env` and a GITHUB_OUTPUT file. */
function runScript(script: string, cwd: string, env: Record<string, string>): { code: number; stderr: string; outputs: string } {
  const output = path.join(tempDir("pathwaykit-release-out-"), "output");
  writeFileSync(output, "");
  const r = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? cwd, GITHUB_OUTPUT: output, ...env },
  });
  return { code: r.status ?? -1, stderr: r.stderr, outputs: readFileSync(output, "utf8") };
}

const step = (job: string, match: (s: Step) => boolean): Step => {
  const found = workflow.jobs[job]!.steps.find(match);
  if (!found) throw new Error(`release.yml's ${job} job has no such step`);
  return found;
};

describe(".github/workflows/release.yml", () => {
  test("is a valid workflow for GitHub's own parser (@actions/workflow-parser)", async () => {
    const parsed = parseWorkflow({ name: "release.yml", content: text }, new NoOperationTraceWriter());
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    const converted = await convertWorkflowTemplate(parsed.context, parsed.value!);
    expect(converted.errors ?? []).toEqual([]);
  });

  test("publishes on a v* tag only, with provenance, public, and the OIDC token only where npm needs it", () => {
    expect(workflow.on).toEqual({ push: { tags: ["v*"] } });
    expect(workflow.permissions).toEqual({ contents: "read" });
    const { publish, "action-tag": actionTag } = workflow.jobs;
    expect(publish!.permissions).toEqual({ contents: "read", "id-token": "write" });
    const publishing = step("publish", (s) => /npm publish/.test(s.run ?? ""));
    expect(publishing.run!.trim()).toBe("npm publish --provenance --access public");
    expect(publishing.env).toEqual({ NODE_AUTH_TOKEN: "${{ secrets.NPM_TOKEN }}" });
    // The tag is checked before anything is installed, built or published.
    const order = publish!.steps.map((s) => s.id ?? s.run ?? s.uses ?? "");
    expect(order.findIndex((s) => s === "check")).toBeLessThan(order.findIndex((s) => /npm ci/.test(s)));
    expect(actionTag).toMatchObject({ needs: "publish", permissions: { contents: "write" } });
    expect(Object.values(workflow.jobs).filter((j) => j.permissions["id-token"]).length).toBe(1);
  });

  test("has scripts that bash parses (bash -n) and shellcheck passes", () => {
    const scripts = Object.values(workflow.jobs).flatMap((j) => j.steps.filter((s) => s.run !== undefined));
    expect(scripts.length).toBeGreaterThan(4);
    for (const s of scripts) expect(checkShellScript(s.run!), s.name ?? s.run).toBe("");
  });

  test("tests what it publishes with test files that exist", () => {
    const tests = step("publish", (s) => /vitest run/.test(s.run ?? "")).run!;
    const named = /vitest run ([^\n]+)/.exec(tests)![1]!.split(/\s+/);
    expect(named).toContain("test/package");
    expect(named.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  describe("the tag check, run", () => {
    const check = step("publish", (s) => s.id === "check").run!;
    /** A copy of package.json and CHANGELOG.md, the changelog's heading for this version replaced by `heading`. */
    const project = (heading: string) => {
      const dir = tempDir("pathwaykit-release-");
      copyFileSync(path.join(ROOT, "package.json"), path.join(dir, "package.json"));
      const changelog = readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8").replace(
        new RegExp(`^## \\[${version.replace(/\./g, "\\.")}\\].*$`, "m"),
        heading,
      );
      writeFileSync(path.join(dir, "CHANGELOG.md"), changelog);
      return dir;
    };

    test("passes a tag that names package.json's version when CHANGELOG.md dates it", () => {
      const r = runScript(check, project(`## [${version}] - 2027-01-15`), { PATHWAYKIT_TAG: `v${version}` });
      expect([r.code, r.stderr]).toEqual([0, ""]);
      expect(r.outputs).toBe(`version=${version}\n`);
    });

    test("refuses a tag that names another version", () => {
      const r = runScript(check, project(`## [${version}] - 2027-01-15`), { PATHWAYKIT_TAG: "v9.9.9" });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`The tag v9.9.9 does not name package.json's version ${version}; tag the release commit v${version}.\n`);
    });

    test("refuses a version CHANGELOG.md has not dated (as now: the coming version is marked Unreleased)", () => {
      expect(runScript(check, ROOT, { PATHWAYKIT_TAG: `v${version}` }).code).toBe(1);
      const r = runScript(check, project(`## [${version.replace(/\./g, "x")}] - 2027-01-15`), { PATHWAYKIT_TAG: `v${version}` });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`CHANGELOG.md has no dated heading for ${version}`);
    });
  });

  test("moves the major version's tag (v1) to each stable release, and the repository's copy of it follows", () => {
    const move = step("action-tag", (s) => /git tag/.test(s.run ?? "")).run!;
    const origin = tempDir("pathwaykit-origin-");
    git(origin, "init", "-q", "--bare");
    const work = tempDir("pathwaykit-work-");
    git(work, "clone", "-q", origin, ".");
    const release = (tag: string) => {
      git(work, "commit", "-q", "--allow-empty", "-m", tag);
      const sha = git(work, "rev-parse", "HEAD");
      const r = runScript(move, work, {
        GITHUB_REF_NAME: tag,
        GITHUB_SHA: sha,
        GIT_AUTHOR_NAME: "ci",
        GIT_COMMITTER_NAME: "ci",
        GIT_AUTHOR_EMAIL: "ci@example.com",
        GIT_COMMITTER_EMAIL: "ci@example.com",
      });
      expect(r.code, r.stderr).toBe(0);
      return sha;
    };
    const first = release("v1.2.3");
    expect(git(origin, "rev-parse", "refs/tags/v1")).toBe(first);
    const second = release("v1.3.0");
    expect(git(origin, "rev-parse", "refs/tags/v1")).toBe(second);
    // The job's `if:` keeps prereleases out; the script itself names the major of any tag it is given.
    expect(workflow.jobs["action-tag"]!.if).toBe("${{ !contains(github.ref_name, '-') }}");
  });
});
