// The Action's check mode, run for real: every `run:` step in bash with the built `pathway`, against the loopback fake service and a fake GitHub API.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { freshActionCheckout } from "../support/action-checkout.js";
import { ROOT } from "../support/cli.js";
import { createCiProject, examplePathways, git, setNodeText, type CiProject } from "../support/ci-project.js";
import { describeRun, readAction, runAction, type ActionRun } from "../support/composite-action.js";
import { startFakeGitHub, type FakeGitHub } from "../support/fake-github.js";
import { startFakeService, type FakeService } from "../support/fake-service.js";
import { startRecordingProxy } from "../support/recording-proxy.js";

const KEY = "sk-live-ci-0123456789abcdef";
const action = readAction();

let fake: FakeService;
let hub: FakeGitHub;
let project: CiProject;

beforeEach(async () => {
  fake = await startFakeService({ apiKey: KEY, pathways: examplePathways() });
  hub = await startFakeGitHub("ghs_job-token-0123456789");
  project = await createCiProject(fake.url, KEY, { "pathways/support-kb.json": setNodeText("Greeting", "Hi, this is the help desk. What can I do for you?") });
});
afterEach(async () => {
  await fake.close();
  await hub.close();
});

/** Runs check mode on the project's pull request #7. */
function check(inputs: Record<string, string> = {}, actionPath?: string): Promise<ActionRun> {
  return runAction(action, {
    ...(actionPath !== undefined && { actionPath }),
    workspace: project.dir,
    inputs: { mode: "check", "api-key": KEY, "base-url": fake.url, ...inputs },
    event: { pull_request: { number: 7, base: { sha: project.baseSha }, head: { sha: project.headSha } } },
    env: { GITHUB_API_URL: hub.url },
  });
}

/** Every text the run left: step output, the job summary, and each file in the runner's temp folder. */
function everything(run: ActionRun): string {
  const files = readdirSync(run.runnerTemp, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return [run.summary, ...run.steps.map((s) => s.stdout + s.stderr), ...files.map((e) => readFileSync(path.join(e.parentPath, e.name), "utf8"))].join("\n");
}

describe("action.yml, mode check", () => {
  test("lints to SARIF, runs the scenarios with JUnit and the coverage gate, comments the diff against production once, and writes the review page", async () => {
    const run = await check();
    expect(run.failed, describeRun(run)).toBe(false);
    // `pathway` is the Action's own checkout (GITHUB_ACTION_PATH), not a package from the registry.
    expect(realpathSync(path.join(run.path[0]!, "pathway"))).toBe(realpathSync(path.join(run.actionPath, "bin/pathway.cjs")));
    // A checkout already installed and built (an earlier use in the job) is used as it is.
    expect(run.step("install").stdout).not.toMatch(/added \d+ packages/);

    const sarif = run.steps.find((s) => s.step.uses?.startsWith("github/codeql-action/upload-sarif"))!;
    expect(sarif.kind).toBe("uses");
    const log = JSON.parse(readFileSync(sarif.with!.sarif_file!, "utf8")) as { version: string; runs: { tool: { driver: { name: string } } }[] };
    expect(log.version).toBe("2.1.0");
    expect(log.runs[0]!.tool.driver.name).toBe("pathwaykit");

    const junit = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(run.step("test").outputs.junit!, "utf8")) as {
      testsuites: { "@_tests": string; "@_failures": string };
    };
    expect(Number(junit.testsuites["@_tests"])).toBeGreaterThan(5);
    expect(junit.testsuites["@_failures"]).toBe("0");

    // Only the changed pathway is compared, with production (GET /v1/pathway/{id}) and the key.
    const reads = fake.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/pathway/"));
    expect(reads.map((r) => r.path)).toEqual(["/v1/pathway/pw-support-kb"]);
    const comments = hub.comments.get(7)!;
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toMatch(/^<!-- pathwaykit:diff -->\n/);
    expect(comments[0]!.body).toContain("### Pathway diff: `remote:pw-support-kb` → `pathways/support-kb.json`");
    expect(comments[0]!.body).toContain("help desk");
    expect(run.summary).toContain("remote:pw-support-kb");

    const upload = run.steps.find((s) => s.step.uses?.startsWith("actions/upload-artifact"))!;
    expect(upload.kind).toBe("uses");
    expect(upload.with!.name).toBe("pathway-review");
    expect(readdirSync(upload.with!.path!)).toEqual(["pathways__support-kb.html"]);
    expect(readFileSync(path.join(upload.with!.path!, "pathways__support-kb.html"), "utf8")).toContain("help desk");

    for (const id of ["select", "push", "live", "publish"]) expect(run.step(id).kind).toBe("skipped");
    expect(everything(run)).not.toContain(KEY);
    expect(everything(run)).not.toContain("ghs_job-token-0123456789");
  }, 180_000);

  test("a second run updates its comment instead of adding another", async () => {
    await check();
    hub.comments.get(7)!.unshift({ id: 1, body: "LGTM" });
    const run = await check();
    expect(run.failed, describeRun(run)).toBe(false);
    expect(hub.comments.get(7)!.map((c) => c.id)).toEqual([1, 1000]);
    expect(hub.requests.filter((r) => r.method === "PATCH")).toHaveLength(1);
  }, 180_000);

  test("lint errors and failing scenarios fail the job, after every check has still run and reported", async () => {
    project = await createCiProject(fake.url, KEY, {
      "pathways/support-kb.json": (p) => {
        // An edge to a node that does not exist (lint error) and a renamed node the scenarios expect (test failure).
        (p.edges as unknown[]).push({ id: "e-broken", source: "greeting", target: "nowhere", label: "never" });
        setNodeText("Greeting", "Hello.")(p);
        (p.nodes as { data?: { name?: string } }[]).find((n) => n.data?.name === "Goodbye")!.data!.name = "Farewell";
      },
    });
    const run = await check();
    expect(run.failed).toBe(true);
    expect(run.step("lint").code).toBe(1);
    expect(run.step("test").code).toBe(1);
    // The log shows the failures as text, not only the JUnit file.
    expect(run.step("test").stdout).toMatch(/failed/);
    expect(run.steps.find((s) => s.step.uses?.startsWith("github/codeql-action/upload-sarif"))!.kind).toBe("uses");
    expect(run.step("diff").code).toBe(0);
    expect(hub.comments.get(7)).toHaveLength(1);
    expect(run.step("report").code).toBe(0);
  }, 180_000);

  test("without an api key (a pull request from a fork) the diff is against the base branch, and a refused comment is a warning", async () => {
    hub.refuseWrites = 403;
    const run = await check({ "api-key": "" });
    expect(run.failed, describeRun(run)).toBe(false);
    expect(fake.requests.filter((r) => r.path.startsWith("/v1/pathway/"))).toEqual([]);
    expect(run.summary).toContain("Compared with the base branch, not with production: no api-key.");
    expect(run.summary).toContain("`<stdin>` → `pathways/support-kb.json`");
    expect(run.step("diff").stdout).toMatch(/::warning title=pathwaykit::Could not comment on the pull request \(POST .* answered 403\)/);
  }, 180_000);

  test("a pathway missing on the service fails the diff step and says so in the comment, and the other steps still run", async () => {
    fake.pathways.delete("pw-support-kb");
    const run = await check();
    expect(run.step("diff").code).toBe(1);
    expect(hub.comments.get(7)![0]!.body).toContain("The diff could not be made (exit 2); see the job log.");
    expect(run.step("report").code).toBe(0);
    expect(run.failed).toBe(true);
  }, 180_000);

  test("reads a file name with quotes, $( ), backticks and spaces as a name, never as shell", async () => {
    const name = "pathways/it's $(touch pwned) `touch pwned2` x.json";
    const good = readFileSync(path.join(ROOT, "pathways/support-kb.json"), "utf8");
    project = await createCiProject(fake.url, KEY, {}, { [name]: good });
    const run = await check();
    expect(run.failed, describeRun(run)).toBe(false);
    expect(readdirSync(project.dir).filter((f) => f.startsWith("pwned"))).toEqual([]);
    expect(readdirSync(path.join(project.dir, "pathways")).filter((f) => f.startsWith("pwned"))).toEqual([]);
    // A new pathway, not in the manifest: everything shows as added, under its own (escaped) name.
    expect(hub.comments.get(7)![0]!.body).toContain("A new pathway:\n### Pathway diff: `<stdin>` → ``pathways/it's $(touch pwned) `touch pwned2` x.json``");
    expect(readdirSync(path.join(run.runnerTemp, "pathwaykit", "review"))).toEqual(["pathways__it's $(touch pwned) `touch pwned2` x.html"]);
  }, 180_000);

  test("refuses a mode it does not know before installing anything", async () => {
    const actionPath = freshActionCheckout();
    const run = await check({ mode: "deploy" }, actionPath);
    expect(run.step("install").code).toBe(2);
    expect(run.step("install").stderr).toContain("mode must be check or release, not 'deploy'.");
    expect(["node_modules", "dist"].filter((d) => existsSync(path.join(actionPath, d)))).toEqual([]);
    expect(existsSync(path.join(run.runnerTemp, "pathwaykit", "lint.sarif"))).toBe(false);
  }, 60_000);
});

// npm ci of the Action's lock file and the build take about a minute: CI (.ci/run) sets the variable.
const installs = process.env["PATHWAYKIT_TEST_INSTALLS"] === "1";
if (!installs)
  console.log(
    "\nThe Action's install in a fresh checkout (test/ci/action-check.test.ts) is skipped: set PATHWAYKIT_TEST_INSTALLS=1 to run it (.ci/run does; 20 s to a minute).\n",
  );

describe.skipIf(!installs)("action.yml, mode check, from a fresh checkout of the Action", () => {
  test("installs and builds the pathwaykit of its own checkout, nothing from the registry's pathwaykit, and checks this repository's pathways with it", async () => {
    const actionPath = freshActionCheckout();
    // The team's repository is this one: its pathways and scenarios, with a pull request that rewords a greeting.
    const workspace = freshActionCheckout();
    git(workspace, "init", "-q");
    git(workspace, "add", "-A");
    git(workspace, "commit", "-q", "-m", "base");
    const baseSha = git(workspace, "rev-parse", "HEAD");
    const file = path.join(workspace, "pathways/support-kb.json");
    const pathway = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    setNodeText("Greeting", "Hi, this is the help desk. What can I do for you?")(pathway);
    writeFileSync(file, `${JSON.stringify(pathway, null, 2)}\n`);
    git(workspace, "commit", "-q", "-am", "reword the greeting");
    const registry = new URL(execFileSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).trim());
    const proxy = await startRecordingProxy((host) => host === registry.hostname);
    const proxied = Object.fromEntries(
      ["HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "npm_config_proxy", "npm_config_https_proxy"].map((k) => [k, proxy.url]),
    );
    try {
      const run = await runAction(action, {
        workspace,
        actionPath,
        inputs: { mode: "check", "api-key": "" },
        event: { pull_request: { number: 7, base: { sha: baseSha }, head: { sha: git(workspace, "rev-parse", "HEAD") } } },
        // npm's cache (filled by this repository's own install) serves the packages, as a runner's cache would.
        env: { GITHUB_API_URL: hub.url, npm_config_prefer_offline: "true", ...proxied },
      });
      expect(run.failed, describeRun(run)).toBe(false);
      const install = run.step("install");
      console.log(`\nThe Action's install and build in a fresh checkout: ${((install.ms ?? 0) / 1000).toFixed(0)} s\n`);
      expect(install.stdout).toMatch(/added \d+ packages/);
      expect(existsSync(path.join(actionPath, "dist/bundle/main.cjs"))).toBe(true);
      // `pathway` is the checkout's, and no copy of pathwaykit was installed anywhere: only the registry was asked, for its dependencies.
      expect(realpathSync(path.join(run.path[0]!, "pathway"))).toBe(realpathSync(path.join(actionPath, "bin/pathway.cjs")));
      expect(existsSync(path.join(actionPath, "node_modules/pathwaykit"))).toBe(false);
      expect(
        readdirSync(run.runnerTemp, { recursive: true })
          .map(String)
          .filter((f) => /(^|\/)node_modules(\/|$)/.test(f)),
      ).toEqual([]);
      expect(proxy.hosts.filter((h) => h.split(":")[0] !== registry.hostname)).toEqual([]);

      const junit = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(run.step("test").outputs.junit!, "utf8")) as {
        testsuites: { "@_tests": string; "@_failures": string };
      };
      expect(Number(junit.testsuites["@_tests"])).toBeGreaterThan(5);
      expect(junit.testsuites["@_failures"]).toBe("0");
      expect(JSON.parse(readFileSync(path.join(run.runnerTemp, "pathwaykit/lint.sarif"), "utf8"))).toMatchObject({ version: "2.1.0" });
      expect(hub.comments.get(7)![0]!.body).toContain("Compared with the base branch: not in pathwaykit.manifest.json");
      expect(hub.comments.get(7)![0]!.body).toContain("help desk");
      expect(readdirSync(path.join(run.runnerTemp, "pathwaykit/review"))).toEqual(["pathways__support-kb.html"]);
    } finally {
      await proxy.close();
    }
  }, 600_000);
});
