// `pathway test` with persona scenarios as a team runs it: offline and live against loopback fakes of both model providers and the service's chat, judges, record then replay, and keys nowhere.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Pathway } from "../../src/model/index.js";
import { ROOT } from "../support/cli.js";
import { startFakeChat, type FakeChat } from "../support/fake-chat.js";
import { createPersonaBrain, startFakeModels, type FakeModels, type PersonaBrain } from "../support/fake-models.js";
import { runMain } from "../support/run-main.js";
import { createTempProject } from "../support/temp-project.js";

const PATHWAY = readFileSync(path.join(ROOT, "pathways/appointment-booking.json"), "utf8");

const SCENARIO = `name: books a cleaning
pathway: ../appointment-booking.json
persona:
  name: Dana
  prompt: You want a cleaning on Tuesday at 10:30. You are Dana Reyes and have never been to the clinic.
max_turns: 6
judges:
  - The agent asks for the caller's name
  - criterion: The agent stays polite
    threshold: 0.8
expect:
  path_contains: [Greeting, Collect appointment details]
`;

const CALLER = ["Hi, I would like to book an appointment please.", "Dana Reyes, next Tuesday at 10:30, first visit."];
const PASSING: PersonaBrain = {
  callerLines: CALLER,
  extract: { patient_name: "Dana Reyes", preferred_date: "2025-01-14", preferred_time: "10:30", is_new_patient: true },
};
const FAILING: PersonaBrain = { ...PASSING, verdicts: { "The agent stays polite": { pass: true, score: 0.5, reason: "The agent was curt twice." } } };

let models: FakeModels | undefined;
let chat: FakeChat | undefined;
afterEach(async () => {
  await models?.close();
  await chat?.close();
  models = chat = undefined;
});

function project(scenario = SCENARIO): string {
  return createTempProject({
    "appointment-booking.json": PATHWAY,
    "personas/books.scenario.yaml": scenario,
    "pathwaykit.manifest.json": JSON.stringify({ version: 1, pathways: [{ file: "appointment-booking.json", id: "pw-book" }] }),
  });
}

/** The environment pointing at the fake providers, with their keys. */
function modelEnv(m: FakeModels): Record<string, string> {
  return { OPENAI_BASE_URL: m.openaiUrl, OPENAI_API_KEY: m.openaiKey, ANTHROPIC_BASE_URL: m.anthropicUrl, ANTHROPIC_API_KEY: m.anthropicKey };
}

const OFFLINE = ["--caller-model", "openai:caller-1", "--judge-model", "anthropic:judge-1", "--agent-model", "openai:agent-1"];

type Report = {
  results: {
    status: string;
    failures: { message: string; pointer: string }[];
    judges?: { criterion: string; pass: boolean; score?: number; reason: string }[];
    transcript?: { role: string; text: string }[];
    tokens?: { total: { requests: number } };
  }[];
  summary: { tokens?: { requests: number } };
};

describe("pathway test with a persona, offline (--agent-model)", () => {
  it("exits 1 when a judge fails, showing each verdict with its reason and the conversation", async () => {
    models = await startFakeModels({ answer: createPersonaBrain(FAILING) });
    const dir = project();
    const r = await runMain(["test", "personas", ...OFFLINE], { cwd: dir, env: modelEnv(models) });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('judge "The agent stays polite" scored 0.5, below its threshold 0.8: The agent was curt twice.');
    expect(r.stdout).toMatch(/✔ judge "The agent asks for the caller's name" \(score 1\): /);
    expect(r.stdout).toContain('✖ judge "The agent stays polite" (score 0.5, threshold 0.8): The agent was curt twice.');
    expect(r.stdout).toMatch(
      /conversation:\n\s+agent: {2}Thanks for calling Brightside Dental[^\n]*\n\s+caller: Hi, I would like to book an appointment please\.\n\s+agent: {2}\(agent at Collect appointment details\)/,
    );
    expect(r.stdout).toMatch(/\d+ tokens \(\d+ in, \d+ out; \d+ requests\): caller \d+, agent \d+, judge \d+/);
    // The caller, the agent and the judge each were asked in their provider's shape, the judge once per criterion.
    expect(models.requests.filter((q) => q.system.startsWith("You grade")).map((q) => q.provider)).toEqual(["anthropic", "anthropic"]);
  });

  it("exits 0 when every judge passes, and --format json carries verdicts, conversation and tokens", async () => {
    models = await startFakeModels({ answer: createPersonaBrain(PASSING) });
    const r = await runMain(["test", "personas", ...OFFLINE, "--format", "json"], { cwd: project(), env: modelEnv(models) });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    const [result] = report.results;
    expect(result!.judges!.map((j) => [j.criterion, j.pass])).toEqual([
      ["The agent asks for the caller's name", true],
      ["The agent stays polite", true],
    ]);
    expect(result!.transcript!.filter((l) => l.role === "caller").map((l) => l.text)).toEqual(CALLER);
    expect(result!.tokens!.total.requests).toBe(models.requests.length);
    expect(report.summary.tokens!.requests).toBe(models.requests.length);
  });

  it("takes the models from pathway.config.json when no flag names them, a flag winning, and lint accepts the key", async () => {
    models = await startFakeModels({ answer: createPersonaBrain(PASSING) });
    const dir = project();
    writeFileSync(path.join(dir, "pathway.config.json"), JSON.stringify({ models: { caller: "openai:from-config", agent: "anthropic:agent-config" } }));
    const r = await runMain(["test", "personas", "--judge-model", "openai:judge-flag"], { cwd: dir, env: modelEnv(models) });
    expect(r.code).toBe(0);
    expect(new Set(models.requests.map((q) => `${q.provider}:${q.model}`))).toEqual(
      new Set(["openai:from-config", "anthropic:agent-config", "openai:judge-flag"]),
    );
    const lint = await runMain(["lint", "appointment-booking.json"], { cwd: dir });
    expect([lint.code, lint.stderr]).toEqual([0, ""]);
    writeFileSync(path.join(dir, "pathway.config.json"), JSON.stringify({ models: { caller: "gpt-4o" } }));
    const bad = await runMain(["test", "personas"], { cwd: dir, env: modelEnv(models) });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^pathway: Config file pathway\.config\.json: .*models\.caller.*expected <provider>:<model>/);
  });

  it("says in one line which key a model needs, and exits 2 before anything is sent", async () => {
    const r = await runMain(["test", "personas", ...OFFLINE], { cwd: project(), env: {} });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("pathway: --caller-model openai:caller-1 needs OPENAI_API_KEY (or OPENAI_BASE_URL naming a server that takes no key).\n");
  });

  it("reports a run whose key the provider refuses as could not run, without the key", async () => {
    models = await startFakeModels({ answer: createPersonaBrain(PASSING) });
    const r = await runMain(["test", "personas", ...OFFLINE], { cwd: project(), env: { ...modelEnv(models), OPENAI_API_KEY: "sk-revoked-0123456789abcdef" } });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(
      /openai:caller-1: http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions answered HTTP 401: Incorrect API key provided: \[redacted\]; check the provider's key/,
    );
    expect(r.stdout + r.stderr).not.toContain("sk-revoked");
  });

  it("reports a persona scenario with no agent model as could not run, naming the flag, while scripted scenarios run", async () => {
    models = await startFakeModels({ answer: createPersonaBrain(PASSING) });
    const r = await runMain(["test", "personas", "--caller-model", "openai:c"], { cwd: project(), env: modelEnv(models) });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/offline needs a model to play the agent: --agent-model/);
  });

  it("stops runs as not run once the token budget is spent", async () => {
    models = await startFakeModels({ answer: createPersonaBrain(PASSING) });
    const r = await runMain(["test", "personas", ...OFFLINE, "--token-budget", "30"], { cwd: project(), env: modelEnv(models) });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/the token budget of 30 tokens is spent \(--token-budget raises it\)/);
  });
});

describe("hostile model answers", () => {
  it("are handled like the service's: escapes removed before anything is sent or shown, an endless or malformed verdict fails its judge", async () => {
    const brain = createPersonaBrain({
      ...PASSING,
      callerLines: ["\u001b[31mHi\u001b[0m, I would like to book an appointment please.\u0007", "x".repeat(5_000)],
    });
    models = await startFakeModels({
      answer: (r) => {
        if (r.system.startsWith("You grade")) return r.messages[0]!.content.includes("polite") ? { endless: true } : { raw: "<html>bad gateway</html>" };
        return brain(r);
      },
    });
    const r = await runMain(["test", "personas", ...OFFLINE], { cwd: project(), env: modelEnv(models) });
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(JSON.stringify(models.requests.filter((q) => q.system.startsWith("You are a business's voice agent")).map((q) => q.messages))).not.toMatch(
      /\\u001b|\\u0007/,
    );
    // The caller's page of text reached the agent clipped.
    expect(models.requests.some((q) => q.messages.some((m) => m.role === "user" && m.content.length === 1_000 && m.content.endsWith("…")))).toBe(true);
    expect(r.stdout).toMatch(
      /judge "The agent asks for the caller's name" gave no verdict: anthropic:judge-1: http:\/\/127\.0\.0\.1:\d+\/v1\/messages did not answer JSON \(<html>bad gateway<\/html>\)/,
    );
    expect(r.stdout).toMatch(
      /judge "The agent stays polite" gave no verdict: anthropic:judge-1: the answer of http:\/\/127\.0\.0\.1:\d+\/v1\/messages is over the limit of 4 MiB/,
    );
  });
});

describe("record, then replay with no model server", () => {
  it("gives the same result, writes no key anywhere, and shows a changed request as a missing recording", async () => {
    models = await startFakeModels({ answer: createPersonaBrain(FAILING) });
    const dir = project();
    const env = { ...modelEnv(models), PATHWAYKIT_API_KEY: "pk-service-key-0123456789" };
    const recorded = await runMain(["test", "personas", ...OFFLINE, "--record", "recordings", "--format", "json"], { cwd: dir, env });
    expect(recorded.code).toBe(1);
    const keys = [models.openaiKey, models.anthropicKey, "pk-service-key"];
    const files = readdirSync(path.join(dir, "recordings"));
    expect(files.length).toBeGreaterThan(3);
    expect(files.every((f) => /^[0-9a-f]{64}\.json$/.test(f))).toBe(true);
    const written = files.map((f) => readFileSync(path.join(dir, "recordings", f), "utf8")).join("\n");
    for (const key of keys) expect(written).not.toContain(key);
    expect(written).not.toMatch(/authorization|x-api-key/i);
    await models.close();
    models = undefined;

    // No provider, no key, no base URL: the recordings answer everything.
    const replayed = await runMain(["test", "personas", ...OFFLINE, "--replay", "recordings", "--format", "json"], { cwd: dir, env: {} });
    expect(replayed.code).toBe(1);
    const project1 = (t: string) =>
      (JSON.parse(t) as Report).results.map(({ status, failures, judges, transcript }) => ({ status, failures, judges, transcript }));
    expect(project1(replayed.stdout)).toEqual(project1(recorded.stdout));
    for (const key of keys) expect(recorded.stdout + recorded.stderr + replayed.stdout + replayed.stderr).not.toContain(key);

    // A changed persona changes the caller's first request: not a silent pass, a missing recording.
    writeFileSync(path.join(dir, "personas/books.scenario.yaml"), SCENARIO.replace("at 10:30", "at 11:00"));
    const changed = await runMain(["test", "personas", ...OFFLINE, "--replay", "recordings"], { cwd: dir, env: {} });
    expect(changed.code).toBe(2);
    expect(changed.stdout).toMatch(/\(could not run\)/);
    expect(changed.stdout).toMatch(
      /no recording answers a model request in recordings: no recording holds this request \(openai chat\/completions, key sha256:[0-9a-f]+…\)\. A changed pathway, scenario or model changes the requests: record again with --record recordings\./,
    );
  });
});

describe("record, then replay, with --repeat", () => {
  it("replays each run's answers in turn, and a run more than was recorded could not run", async () => {
    models = await startFakeModels({ answer: createPersonaBrain(PASSING) });
    const dir = project();
    const recorded = await runMain(["test", "personas", ...OFFLINE, "--repeat", "2", "--record", "rec", "--format", "json"], {
      cwd: dir,
      env: modelEnv(models),
    });
    expect(recorded.code).toBe(0);
    await models.close();
    models = undefined;
    const again = await runMain(["test", "personas", ...OFFLINE, "--repeat", "2", "--replay", "rec", "--format", "json"], { cwd: dir, env: {} });
    expect(again.code).toBe(0);
    const runs = (t: string) => (JSON.parse(t) as { results: { runs: number; passed: number }[] }).results.map(({ runs, passed }) => ({ runs, passed }));
    expect(runs(again.stdout)).toEqual(runs(recorded.stdout));
    const more = await runMain(["test", "personas", ...OFFLINE, "--repeat", "3", "--replay", "rec"], { cwd: dir, env: {} });
    expect(more.code).toBe(1);
    expect(more.stdout).toMatch(/it was recorded 2 time\(s\) and this run sends it again/);
  });
});

describe("pathway test --live with a persona", () => {
  async function live(brain: PersonaBrain, extra: string[] = [], dir = project()) {
    models = await startFakeModels({ answer: createPersonaBrain(brain) });
    chat = await startFakeChat({
      pathways: { "pw-book": JSON.parse(PATHWAY) as Pathway },
      script: { [CALLER[0]!]: { take: "Collect appointment details" }, [CALLER[1]!]: { vars: { patient_name: "Dana Reyes" } } },
    });
    const env = { ...modelEnv(models), PATHWAYKIT_API_KEY: chat.apiKey, PATHWAYKIT_BASE_URL: chat.url };
    return runMain(["test", "personas", "--live", "--caller-model", "openai:caller-1", "--judge-model", "anthropic:judge-1", ...extra], { cwd: dir, env });
  }

  it("plays the caller against the service's chat and exits 1 when a judge fails, saying why", async () => {
    const r = await live(FAILING);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("[live]");
    expect(r.stdout).toContain('✖ judge "The agent stays polite" (score 0.5, threshold 0.8): The agent was curt twice.');
    expect(
      chat!.requests
        .filter((q) => q.path.startsWith("/v1/pathway/chat/") && q.path !== "/v1/pathway/chat/create")
        .map((q) => (JSON.parse(q.body) as { message: string }).message),
    ).toEqual(CALLER);
    // The agent is the service's: no model was asked to play it.
    expect(models!.requests.filter((q) => q.system.startsWith("You are a business's voice agent"))).toEqual([]);
  });

  it("records the caller's and judge's calls of a live run, and replays them with no model server against the same chat", async () => {
    const dir = project();
    const recorded = await live(FAILING, ["--record", "rec", "--format", "json"], dir);
    await models!.close();
    models = undefined;
    const replayed = await runMain(
      ["test", "personas", "--live", "--caller-model", "openai:caller-1", "--judge-model", "anthropic:judge-1", "--replay", "rec", "--format", "json"],
      { cwd: dir, env: { PATHWAYKIT_API_KEY: chat!.apiKey, PATHWAYKIT_BASE_URL: chat!.url } },
    );
    expect([recorded.code, replayed.code]).toEqual([1, 1]);
    const view = (t: string) => (JSON.parse(t) as Report).results.map(({ status, judges, transcript }) => ({ status, judges, transcript }));
    expect(view(replayed.stdout)).toEqual(view(recorded.stdout));
  });

  it("exits 0 when every judge passes, with --repeat and --min-pass-rate as for scripted scenarios", async () => {
    const r = await live(PASSING, ["--repeat", "3", "--format", "junit"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/<property name="passRate" value="1"\/>/);
    expect(r.stdout).toMatch(/<property name="judge2" value="pass 1: The agent stays polite"\/>/);
    expect(r.stdout).toContain("conversation:");
  });
});
