// docs/ci.md's GitHub Action section: its workflow is a valid GitHub workflow that names this package's Action and version, and its check job, run for real, passes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from "@actions/workflow-parser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { ROOT } from "../support/cli.js";
import { createCiProject, examplePathways, setNodeText, type CiProject } from "../support/ci-project.js";
import { describeRun, readAction, runAction } from "../support/composite-action.js";
import { startFakeGitHub, type FakeGitHub } from "../support/fake-github.js";
import { startFakeService, type FakeService } from "../support/fake-service.js";
import { ciSection, guideActionInputs, guideWorkflow, yamlBlock } from "../support/ci-guide-workflow.js";

const KEY = "sk-live-guide-0123456789abcdef";
const version = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const action = readAction();

describe("docs/ci.md's workflow file", () => {
  test("is a valid workflow for GitHub's own parser (@actions/workflow-parser)", async () => {
    const content = yamlBlock(".github/workflows/pathways.yml");
    const parsed = parseWorkflow({ name: "pathways.yml", content }, new NoOperationTraceWriter());
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    const converted = await convertWorkflowTemplate(parsed.context, parsed.value!);
    expect(converted.errors ?? []).toEqual([]);
  });

  test("checks pull requests and releases pushes to main, with the permissions each needs, through this version of the Action", () => {
    const workflow = guideWorkflow();
    expect(Object.keys(workflow.on).sort()).toEqual(["pull_request", "push"]);
    const { check, release } = workflow.jobs;
    expect(check!.if).toBe("github.event_name == 'pull_request'");
    expect(check!.permissions).toMatchObject({ "pull-requests": "write", "security-events": "write" });
    expect(release!.if).toBe("github.event_name == 'push'");
    for (const job of [check!, release!]) {
      expect(job.steps[0]!.uses).toMatch(/^actions\/checkout@v\d+$/);
      expect(job.steps[1]!.uses).toMatch(new RegExp(`^[A-Za-z0-9-]+/pathwaykit@v${version.replace(/\./g, "\\.")}$`));
    }
    expect(guideActionInputs("check", KEY).mode).toBe("check");
    expect(guideActionInputs("release", KEY).mode).toBe("release");
  });

  test("gives only inputs the Action has, and the section names every input the Action has", () => {
    for (const job of ["check", "release"] as const) {
      expect(Object.keys(guideActionInputs(job, KEY)).filter((k) => !(k in action.inputs))).toEqual([]);
    }
    expect(Object.keys(action.inputs).filter((name) => !ciSection.includes(`\`${name}\``) && !ciSection.includes(`${name}:`))).toEqual([]);
  });

  test("comes with a pre-commit config that names this repository's hooks at this version", () => {
    const config = parse(yamlBlock(".pre-commit-config.yaml")) as { repos: { repo: string; rev: string; hooks: { id: string }[] }[] };
    const hooks = (parse(readFileSync(path.join(ROOT, ".pre-commit-hooks.yaml"), "utf8")) as { id: string }[]).map((h) => h.id);
    const owner = guideWorkflow().jobs.check!.steps[1]!.uses!.split("/")[0];
    expect(config.repos[0]!.repo).toBe(`https://github.com/${owner}/pathwaykit`);
    expect(config.repos[0]!.rev).toBe(`v${version}`);
    expect(config.repos[0]!.hooks.map((h) => h.id)).toEqual(hooks);
  });

  describe("its check job, run for real on a pull request", () => {
    let fake: FakeService;
    let hub: FakeGitHub;
    let project: CiProject;
    beforeAll(async () => {
      fake = await startFakeService({ apiKey: KEY, pathways: examplePathways() });
      hub = await startFakeGitHub("ghs_job-token-0123456789");
      project = await createCiProject(fake.url, KEY, { "pathways/lead-qualification.json": setNodeText("Introduction", "Hello from the sales team.") });
    });
    afterAll(async () => {
      await fake.close();
      await hub.close();
    });

    test("lints, tests, comments the diff against production and writes the review page", async () => {
      const run = await runAction(action, {
        workspace: project.dir,
        // The service's address is the one input a test must add: the workflow talks to the real one.
        inputs: { ...guideActionInputs("check", KEY), "base-url": fake.url },
        event: { pull_request: { number: 12, base: { sha: project.baseSha }, head: { sha: project.headSha } } },
        env: { GITHUB_API_URL: hub.url },
      });
      expect(run.failed, describeRun(run)).toBe(false);
      for (const id of ["lint", "test", "diff", "report"]) expect(run.step(id).code, id).toBe(0);
      expect(hub.comments.get(12)![0]!.body).toContain("`remote:pw-lead-qualification` → `pathways/lead-qualification.json`");
    }, 180_000);
  });
});
