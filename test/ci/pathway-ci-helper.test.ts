// action/pathway-ci.mjs run as the Action runs it: which pathway files a pull request changed, and the one comment it keeps up to date.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { ROOT, tempDir } from "../support/cli.js";
import { git } from "../support/ci-project.js";
import { startFakeGitHub, type FakeGitHub } from "../support/fake-github.js";

const HELPER = path.join(ROOT, "action/pathway-ci.mjs");
const TOKEN = "ghs_helper-token-0123456789";

/** Runs the helper (a child process; the fake GitHub answers in this one). */
function helper(args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [HELPER, ...args], { cwd, env: { PATH: process.env.PATH ?? "", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe("pathway-ci.mjs changed", () => {
  test("lists the pathway files changed since the base, with their manifest ids, relative to the working directory", async () => {
    const repo = tempDir("pathwaykit-helper-");
    const dir = path.join(repo, "team");
    mkdirSync(path.join(dir, "pathways"), { recursive: true });
    for (const f of ["a.json", "b.json", "c.json"]) writeFileSync(path.join(dir, "pathways", f), "{}\n");
    writeFileSync(path.join(dir, "pathwaykit.manifest.json"), JSON.stringify({ version: 1, pathways: [{ file: "./pathways/a.json", id: "pw-a" }] }));
    git(repo, "init", "-q");
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "base");
    const base = git(repo, "rev-parse", "HEAD");
    writeFileSync(path.join(dir, "pathways/a.json"), '{"nodes": []}\n');
    writeFileSync(path.join(dir, "pathways/c.json"), '{"nodes": []}\n');
    writeFileSync(path.join(dir, "pathways/tab\there.json"), "{}\n");
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "head");
    const list = path.join(repo, "list.json");
    writeFileSync(
      list,
      JSON.stringify(
        ["pathways/a.json", "./pathways/b.json", "pathways/c.json", "pathways/a.json", "pathways/tab\there.json"].map((filePath) => ({ filePath })),
      ),
    );
    const changed = await helper(["changed", "--list", list, "--base", base], dir);
    expect(changed.code).toBe(0);
    expect(changed.stdout).toBe("pathways/a.json\tpw-a\npathways/c.json\t\n");
    expect(changed.stderr).toContain("skipped a pathway whose name or id holds a tab or line break");
    const all = await helper(["changed", "--list", list, "--base", ""], dir);
    expect(all.stdout).toBe("pathways/a.json\tpw-a\npathways/b.json\t\npathways/c.json\t\n");
    expect(execFileSync("git", ["status", "--porcelain"], { cwd: repo, encoding: "utf8" })).toBe("?? list.json\n");
  });

  test("leaves out the files validate skipped as another kind (a call record is never pushed as a pathway)", async () => {
    const dir = tempDir("pathwaykit-helper-");
    mkdirSync(path.join(dir, "pathways"));
    mkdirSync(path.join(dir, "calls"));
    writeFileSync(
      path.join(dir, "pathways/a.json"),
      JSON.stringify({ nodes: [{ id: "s", type: "Default", data: { name: "S", isStart: true, text: "Hi" } }], edges: [] }),
    );
    writeFileSync(path.join(dir, "calls/c1.json"), JSON.stringify({ call_id: "c1", queue_status: "complete" }));
    const list = path.join(dir, "list.json");
    execFileSync(process.execPath, [path.join(ROOT, "bin/pathway.cjs"), "validate", ".", "--format", "json", "--output", list], { cwd: dir });
    const changed = await helper(["changed", "--list", list, "--base", ""], dir);
    expect([changed.code, changed.stdout]).toEqual([0, "pathways/a.json\t\n"]);
  });
});

describe("pathway-ci.mjs comment", () => {
  let hub: FakeGitHub;
  beforeEach(async () => {
    hub = await startFakeGitHub(TOKEN);
  });
  afterEach(() => hub.close());
  const env = () => ({ GITHUB_API_URL: hub.url, GITHUB_REPOSITORY: "team/pathways", PATHWAYKIT_PR_NUMBER: "3", PATHWAYKIT_GITHUB_TOKEN: TOKEN });

  test("finds its comment past the first page of 100 and updates it; cuts a body over GitHub's 65,536 characters", async () => {
    const dir = tempDir("pathwaykit-helper-");
    hub.comments.set(
      3,
      Array.from({ length: 150 }, (_, i) => ({ id: i + 1, body: i === 120 ? "<!-- pathwaykit:diff -->\nold" : `comment ${i}` })),
    );
    writeFileSync(path.join(dir, "body.md"), `<!-- pathwaykit:diff -->\n${"x".repeat(70_000)}`);
    const run = await helper(["comment", "body.md"], dir, env());
    expect(run.stdout).toBe("Updated the pathway diff comment on pull request #3.\n");
    const ours = hub.comments.get(3)![120]!;
    expect(ours.body.length).toBeLessThanOrEqual(65_536);
    expect(ours.body).toMatch(/^<!-- pathwaykit:diff -->\nxxx[\s\S]*…cut: the whole diff is in the job summary\.\n$/);
    expect(hub.comments.get(3)).toHaveLength(150);
    expect(hub.requests.map((r) => r.method)).toEqual(["GET", "GET", "PATCH"]);
  });

  test("says so and exits 0 without a pull request number or token, and warns (never naming the token) when GitHub refuses", async () => {
    const dir = tempDir("pathwaykit-helper-");
    writeFileSync(path.join(dir, "body.md"), "diff");
    const none = await helper(["comment", "body.md"], dir, { ...env(), PATHWAYKIT_PR_NUMBER: "" });
    expect([none.code, none.stdout]).toEqual([0, "No pull request or token: the diff is in the job summary only.\n"]);
    expect(hub.requests).toEqual([]);
    hub.refuseWrites = 403;
    const refused = await helper(["comment", "body.md"], dir, env());
    expect(refused.code).toBe(0);
    expect(refused.stdout).toContain(
      "::warning title=pathwaykit::Could not comment on the pull request (POST /repos/team/pathways/issues/3/comments answered 403)",
    );
    expect(refused.stdout + refused.stderr).not.toContain(TOKEN);
    expect(hub.comments.get(3)).toEqual([]);
  });

  test("exits 2 with its usage on an unknown command", async () => {
    const run = await helper(["post"], tempDir());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("usage: pathway-ci.mjs changed");
  });
});
