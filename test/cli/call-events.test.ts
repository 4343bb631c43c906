// The v2 call event trace read by every command that takes calls: calls stats, replay, scenarios from-call and report --calls.
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const FIXTURES = path.join(ROOT, "test/fixtures/call-events");

/** A project with the clinic pathway and the trace fixtures under calls/ (without their expectations). */
function project(): string {
  const dir = tempDir();
  cpSync(path.join(FIXTURES, "clinic.json"), path.join(dir, "clinic.json"));
  for (const name of readdirSync(FIXTURES, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)) {
    for (const file of readdirSync(path.join(FIXTURES, name)).filter((f) => f !== "expected.json"))
      cpSync(path.join(FIXTURES, name, file), path.join(dir, "calls", `${name}${path.extname(file)}`));
  }
  return dir;
}

interface StatsJson {
  stats: {
    calls: number;
    mapped: number;
    nodes: { id: string; reached: number; webhooks?: { invoked: number; failed: number }; variablesChanged?: { name: string; calls: number }[] }[];
    unknownEventTypes: { type: string }[];
  };
  read: { records: number; problemCount: number };
}

describe("v2 call event traces through the commands", () => {
  it("calls stats counts every trace as a call, with the webhooks and variables of each node", async () => {
    const dir = project();
    const json = await runMain(["calls", "stats", "calls", "--pathway", "clinic.json", "--format", "json"], { cwd: dir });
    expect([json.code, json.stderr]).toEqual([0, ""]);
    const out = JSON.parse(json.stdout) as StatsJson;
    // Nine calls: one per trace, two in the NDJSON file of event lines.
    expect([out.read.records, out.read.problemCount, out.stats.calls, out.stats.mapped]).toEqual([9, 0, 9, 9]);
    expect(out.stats.nodes.find((n) => n.id === "check")!.webhooks).toMatchObject({ invoked: 8, failed: 3 });
    const text = await runMain(["calls", "stats", "calls", "--pathway", "clinic.json"], { cwd: dir });
    expect(text.stdout).toContain("9 calls from 8 files");
    expect(text.stdout).toContain('Webhooks per node (run / failed)\n        8      3  "Check slot" (check): webhook answered 404; webhook answered 500;');
    expect(text.stdout).toContain('  "Greeting" (greet): day (3), time (2), intent (1)\n');
    expect(text.stdout).toContain(
      "event types not known to pathwaykit, read for their node only: sentiment.score (1 call), voicemail.detected (1 call), webhook.cancelled (1 call)",
    );
    // The caller's number is in the traces' variables and SMS payloads: stats print none of it.
    expect(text.stdout).not.toContain("0100123");
  });

  it("says a trace of the wrong shape is not a call, never counts it as none", async () => {
    const dir = project();
    const broken = [{ event_type: "conversation.init", sequence: 1, payload: {} }];
    writeFileSync(path.join(dir, "calls/no-id.json"), JSON.stringify(broken));
    writeFileSync(path.join(dir, "calls/empty.json"), "[]");
    const run = await runMain(["calls", "stats", "calls/no-id.json", "calls/empty.json", "--pathway", "clinic.json"], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain("calls/no-id.json: not a call record: a v2 event trace whose events name no conversation_id (the call id)");
    expect(run.stdout).toContain("calls/empty.json: an empty list: no call record in it");
  });

  it("names a file that cannot be read once in what calls stats says of it", async () => {
    const dir = project();
    const run = await runMain(["calls", "stats", "missing.json", "--pathway", "clinic.json"], { cwd: dir });
    expect(run.stdout).toContain("\n  missing.json: no such file or directory; check the path.\n");
    expect(run.stdout).not.toContain("missing.json: missing.json");
  });

  it("replay finds every trace's path the same on the pathway it ran on, and a removed node in an edit", async () => {
    const dir = project();
    const same = await runMain(["replay", "calls", "--pathway", "clinic.json", "--format", "json"], { cwd: dir });
    const result = JSON.parse(same.stdout) as { replayed: number; same: number; diverged: number };
    expect([same.code, result.replayed, result.same, result.diverged]).toEqual([0, 9, 9, 0]);
    const edited = JSON.parse(readFileSync(path.join(dir, "clinic.json"), "utf8")) as { nodes: { id: string }[]; edges: { source: string; target: string }[] };
    edited.nodes = edited.nodes.filter((n) => n.id !== "confirm");
    edited.edges = edited.edges.filter((e) => e.source !== "confirm" && e.target !== "confirm");
    writeFileSync(path.join(dir, "edited.json"), JSON.stringify(edited));
    const diverged = await runMain(["replay", "calls/every-event.json", "--pathway", "edited.json"], { cwd: dir });
    expect(diverged.code).toBe(1);
    expect(diverged.stdout).toContain("node confirm is no longer in the pathway");
  });

  it("scenarios from-call answers each webhook as it did in the call, and the scenario passes", async () => {
    const dir = project();
    const made = await runMain(["scenarios", "from-call", "calls/every-event.json", "--pathway", "clinic.json", "-o", "scenarios"], { cwd: dir });
    expect(made.stdout).toContain('webhook "Check slot" (check) answers 200 as it did in the call (its event trace)');
    const [file] = readdirSync(path.join(dir, "scenarios"));
    const text = readFileSync(path.join(dir, "scenarios", file!), "utf8");
    expect(text).toContain("webhooks:\n  check:\n    status: 200\n    body:\n      id: slot-1\n");
    const tested = await runMain(["test", "scenarios"], { cwd: dir });
    expect([tested.code, tested.stdout]).toEqual([0, expect.stringContaining("1 passed, 0 failed")]);
  });

  it("scenarios from-call mocks a recorded webhook answer nested thousands of levels deep, and the scenario still runs", async () => {
    const dir = project();
    const trace = JSON.parse(readFileSync(path.join(dir, "calls/every-event.json"), "utf8")) as { event_type: string; payload: { body?: unknown } }[];
    // As the service may give it: the body as JSON text, here 5,000 lists deep.
    trace.find((e) => e.event_type === "webhook.result")!.payload.body = `{"id":${"[".repeat(5_000)}${"]".repeat(5_000)}}`;
    writeFileSync(path.join(dir, "deep.json"), JSON.stringify(trace));
    const made = await runMain(["scenarios", "from-call", "deep.json", "--pathway", "clinic.json", "-o", "scenarios"], { cwd: dir });
    // Exit code 1 as for the trace as recorded: its last move has no caller turn (a gap), not the body.
    expect([made.code, made.stderr, readdirSync(path.join(dir, "scenarios")).length]).toEqual([1, "", 1]);
    expect(made.stdout).toContain(
      'the answer of webhook "Check slot" (check) is nested more than 100 levels deep, more than a scenario file holds: mocked as 200 with an empty body',
    );
    const tested = await runMain(["test", "scenarios"], { cwd: dir });
    expect(tested.stdout).not.toContain("could not run");
  });

  it("report --calls puts each node's webhooks and changed variables in its panel data", async () => {
    const dir = project();
    const run = await runMain(["report", "clinic.json", "--calls", "calls", "-o", "page.html", "--engine", "ranks"], { cwd: dir });
    expect([run.code, run.stderr]).toEqual([0, ""]);
    const html = readFileSync(path.join(dir, "page.html"), "utf8");
    const data = JSON.parse(/<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html)![1]!) as {
      nodes: { id: string; calls?: { reached: number; webhooks?: { invoked: number; failed: number }; variablesChanged?: { name: string }[] } }[];
      coverage?: { source: string };
    };
    const check = data.nodes.find((n) => n.id === "check")!.calls!;
    expect([check.reached, check.webhooks?.invoked, check.webhooks?.failed]).toEqual([4, 8, 3]);
    expect(data.nodes.find((n) => n.id === "bye")!.calls!.variablesChanged).toBeUndefined();
    expect(data.coverage?.source).toMatch(/^9 of 9 calls mapped, from calls/);
    // The caller's number is in the traces; the pathway's own transfer number (+15550100100) is the page's to show.
    expect(html).not.toContain("0100123");
  });
});
