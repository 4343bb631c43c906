// The Action's release mode, run for real with docs/ci.md's release job: push --draft, live scenarios against that draft, publish on pass, against the loopback fake service.
// It needs `push --draft`, `test --live --pathway-version` and `publish` (issue 23, items 1-3): until they are in, it fails, as it should.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { helpFlags, pathwayCommands, stepsOf } from "../support/action-commands.js";
import { ROOT } from "../support/cli.js";
import { createCiProject, examplePathways, setNodeText } from "../support/ci-project.js";
import { describeRun, readAction, runAction, type ActionRun } from "../support/composite-action.js";
import { startFakeService, type FakeService, type FakeServiceOptions } from "../support/fake-service.js";
import { guideActionInputs } from "../support/ci-guide-workflow.js";

const KEY = "sk-live-release-0123456789abcdef";
const action = readAction();
const ID = "pw-support-kb";

/** What the fake's agent does on each user line of the support-kb scenarios: the edge the scenario takes, the variables it sets. */
function agentScript(): Record<string, { take?: string; vars?: Record<string, unknown> }> {
  const dir = path.join(ROOT, "pathways/scenarios/support-kb");
  const script: Record<string, { take?: string; vars?: Record<string, unknown> }> = {};
  for (const file of readdirSync(dir)) {
    const scenario = parse(readFileSync(path.join(dir, file), "utf8")) as { turns: { user: string; take?: string; vars?: Record<string, unknown> }[] };
    for (const turn of scenario.turns) if (turn.take !== undefined) script[turn.user] = { take: turn.take, ...(turn.vars && { vars: turn.vars }) };
  }
  return script;
}

let fake: FakeService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Starts the service with the example pathways in production and no saved versions yet. */
async function startService(): Promise<FakeService> {
  const pathways = examplePathways();
  // `script` drives the versioned chat of the fake that issue 23 item 7 extends; it is not in this branch's type yet.
  const options = { apiKey: KEY, pathways, versions: Object.fromEntries(Object.keys(pathways).map((id) => [id, []])), script: agentScript() };
  fake = await startFakeService(options as FakeServiceOptions);
  return fake;
}

/** Runs docs/ci.md's release job on a push to main of the project. */
function release(workspace: string, service: FakeService): Promise<ActionRun> {
  return runAction(action, {
    workspace,
    inputs: { ...guideActionInputs("release", KEY), "base-url": service.url },
    event: { after: "0123456789abcdef0123456789abcdef01234567" },
  });
}

/** The JSON bodies of the requests to `method` + a path matching `pattern`. */
function bodies(service: FakeService, method: string, pattern: RegExp): Record<string, unknown>[] {
  return service.requests
    .filter((r) => r.method === method && pattern.test(r.path.split("?")[0]!))
    .map((r) => JSON.parse(r.body || "{}") as Record<string, unknown>);
}

describe("action.yml, mode release", () => {
  test("passes only flags the real pathway commands take", () => {
    const commands = stepsOf(action, "release").flatMap((s) => pathwayCommands(s.run));
    expect(commands.map((c) => c.command)).toEqual(expect.arrayContaining(["push", "test", "publish"]));
    for (const { command, flags } of commands) {
      const known = helpFlags(command);
      expect(
        flags.filter((f) => !known.has(f)),
        `pathway ${command}`,
      ).toEqual([]);
    }
  }, 60_000);

  test("pushes the changed pathway as a draft, runs its live scenarios against that draft, and publishes it; production is never written", async () => {
    const service = await startService();
    const project = await createCiProject(service.url, KEY, {
      "pathways/support-kb.json": setNodeText("Greeting", "Hi, this is the help desk. How can I help?"),
    });
    const run = await release(project.dir, service);
    expect(run.failed, describeRun(run)).toBe(false);

    expect(bodies(service, "POST", new RegExp(`^/v1/pathway/${ID}$`))).toEqual([]);
    const created = bodies(service, "POST", new RegExp(`^/v1/pathway/${ID}/version$`));
    expect(created).toHaveLength(1);
    expect(JSON.stringify(created[0])).toContain("help desk");
    const published = bodies(service, "POST", new RegExp(`^/v1/pathway/${ID}/publish$`));
    expect(published).toHaveLength(1);
    expect(published[0]!.environment).toBe("production");
    // Every live chat ran the version that was then published.
    const chats = bodies(service, "POST", /^\/v1\/pathway\/chat\/create$/);
    expect(chats.length).toBeGreaterThanOrEqual(4);
    for (const chat of chats) {
      expect(chat.pathway_id).toBe(ID);
      expect(String(chat.pathway_version)).toBe(String(published[0]!.version_id));
    }
    // The unchanged pathways are the same as production: nothing is pushed or published for them.
    expect(service.requests.filter((r) => r.method === "POST" && /^\/v1\/pathway\/pw-(appointment-booking|lead-qualification)\//.test(r.path))).toEqual([]);
    expect(run.steps.map((s) => s.stdout + s.stderr).join("\n")).not.toContain(KEY);
  }, 240_000);

  test("publishes nothing when a live scenario fails against the draft", async () => {
    const service = await startService();
    const project = await createCiProject(service.url, KEY, { "pathways/support-kb.json": setNodeText("Talk to an agent", "One moment.") });
    const run = await release(project.dir, service);
    expect(run.failed).toBe(true);
    expect(run.step("push").code).toBe(0);
    expect(run.step("live").code).toBe(1);
    expect(run.step("publish").kind).toBe("skipped");
    expect(bodies(service, "POST", /\/publish$/)).toEqual([]);
  }, 240_000);

  test("refuses to release without an api key, before any request", async () => {
    const service = await startService();
    const project = await createCiProject(service.url, KEY, { "pathways/support-kb.json": setNodeText("Greeting", "Hello.") });
    const before = service.requests.length;
    const run = await runAction(action, { workspace: project.dir, inputs: { ...guideActionInputs("release", KEY), "api-key": "", "base-url": service.url } });
    expect(run.step("select").code).toBe(2);
    expect(run.step("select").stderr).toContain("release needs the api-key input");
    expect(service.requests.length).toBe(before);
  }, 120_000);
});
