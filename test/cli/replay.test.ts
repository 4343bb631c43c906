// `pathway replay`: recorded pathway-call fixtures against edits of two corpus pathways, and --live against the loopback fake chat, run as the real command.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { corpusPath, describeCorpus } from "../support/corpus.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { bookingPathway, startReleaseProject, type ReleaseProject } from "../support/release-project.js";

const FIXTURES = path.join(ROOT, "test/fixtures/calls");

/** A copy of a corpus pathway without the edge `edgeId`, in a temporary directory. */
function withoutEdge(name: string, edgeId: string): string {
  const pathway = JSON.parse(readFileSync(corpusPath(name), "utf8")) as { edges: { id: string }[] };
  const before = pathway.edges.length;
  pathway.edges = pathway.edges.filter((e) => e.id !== edgeId);
  expect(pathway.edges.length).toBe(before - 1);
  const file = path.join(tempDir(), name);
  writeFileSync(file, JSON.stringify(pathway));
  return file;
}

describeCorpus("pathway replay", () => {
  it("passes every recorded call on the pathway the calls ran on", () => {
    const run = runCli(["replay", path.join(FIXTURES, "pizzeria"), "--pathway", corpusPath("pathwalk-pizzeria-dialect.json")]);
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toContain("3 of 3 recorded calls still take the same path");
  });

  it("reports exactly the calls that took a removed edge, and exits 1", () => {
    const run = runCli(["replay", path.join(FIXTURES, "pizzeria"), "--pathway", withoutEdge("pathwalk-pizzeria-dialect.json", "menu-end"), "--format", "json"]);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as {
      same: number;
      diverged: number;
      divergedCalls: { callId: string; divergence: { reason: string; fromNodeId: string; nodeId: string } }[];
    };
    expect([result.same, result.diverged]).toEqual([1, 2]);
    expect(result.divergedCalls.map((c) => [c.callId.slice(0, 8), c.divergence.reason, c.divergence.fromNodeId, c.divergence.nodeId])).toEqual([
      ["bbbb0002", "way-gone", "menu-mgmt", "end"],
      ["bbbb0003", "way-gone", "menu-mgmt", "end"],
    ]);
  });

  it("on the auto-shop fixtures, names only the booked call for a removed edge, and --max-diverged 1 lets it pass", () => {
    const edited = withoutEdge("receptionist-auto-shop.json", "edge-availability-to-details");
    const run = runCli(["replay", path.join(FIXTURES, "auto-shop"), "--pathway", edited]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^diverged aaaa0001-0000-4000-8000-000000000001 \(.*booked\.json\) after 2 steps: no way leads any more from b2000000-0000-4000-8000-000000000002 to d4000000/m,
    );
    expect(run.stdout).toContain("2 of 3 recorded calls still take the same path");
    expect(runCli(["replay", path.join(FIXTURES, "auto-shop"), "--pathway", edited, "--max-diverged", "1"]).code).toBe(0);
  });
});

describe("pathway replay and variables", () => {
  const greeting = { id: "1", type: "Default", data: { name: "Greeting", isStart: true, text: "Hello, how many are you?" } };
  const end = (text: string) => ({ id: "5", type: "End Call", data: { name: "End Call", text } });
  const pathway = (text: string) => ({ name: "Booking", nodes: [greeting, end(text)], edges: [{ id: "e1", source: "1", target: "5", label: "done" }] });
  const call = { call_id: "c-1", variables: { now: "Monday" }, pathway_logs: [{ chosen_node_id: "1" }, { chosen_node_id: "5" }] };

  function project(): string {
    const dir = tempDir();
    writeFileSync(path.join(dir, "before.json"), JSON.stringify(pathway("A table for {{party_size}}. Bye.")));
    writeFileSync(path.join(dir, "after.json"), JSON.stringify(pathway("A table for {{party_size}} at {{time}}. Bye.")));
    writeFileSync(path.join(dir, "call.json"), JSON.stringify(call));
    return dir;
  }

  it("passes a call through Greeting -> End Call on the unedited pathway, though {{party_size}} was unset (unset in the call too)", () => {
    const dir = project();
    const run = runCli(["replay", "call.json", "--pathway", "before.json"], { cwd: dir });
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toContain("1 of 1 recorded call still take the same path on before.json");
    expect(run.stdout).toContain("{{variable}} reads were not compared: pass --base");
    expect(runCli(["replay", "call.json", "--pathway", "before.json", "--base", "before.json"], { cwd: dir }).code).toBe(0);
  });

  it("with --base, reports the read the edit added and nothing sets, not the one the call already had unset", () => {
    const dir = project();
    const run = runCli(["replay", "call.json", "--pathway", "after.json", "--base", "before.json", "--format", "json"], { cwd: dir });
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as { base: string; diverged: number; divergedCalls: { divergence: { reason: string; message: string } }[] };
    expect(result).toMatchObject({ base: "before.json", diverged: 1 });
    expect(result.divergedCalls[0]!.divergence).toMatchObject({
      reason: "variable-unset",
      message: "node 5 reads {{time}} (text), which no node before it on the path sets any more",
    });
  });

  it("refuses --base with --live, with exit 2", () => {
    const dir = project();
    const run = runCli(["replay", "call.json", "--pathway", "before.json", "--base", "before.json", "--live"], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--base compares with the pathway the calls ran on offline");
  });
});

describe("pathway replay --live", () => {
  let project: ReleaseProject | undefined;
  afterEach(() => project?.service.close());

  /** A recorded call of pathway p that went start -> booked after the caller asked to book. */
  const record = (id: string) => ({
    call_id: id,
    pathway_id: "p",
    request_data: { name: "Ana" },
    pathway_logs: [
      { chosen_node_id: "start", role: "assistant", text: "Hi, this is the clinic." },
      { chosen_node_id: "start", role: "user", text: "I want to book an appointment" },
      { chosen_node_id: "booked", role: "assistant", text: "You are booked. Bye!" },
    ],
  });
  /** Version 2 sends a booking to the front desk instead. */
  const toDesk = {
    ...bookingPathway(),
    nodes: [...(bookingPathway().nodes as object[]), { id: "desk", type: "End Call", data: { name: "Desk", text: "Front desk." } }],
    edges: [{ id: "e1", source: "start", target: "desk", label: "book appointment" }],
  };

  it("sends the caller turns to the chat with the version asked for: same path on one, where it parts on the other, exit by --max-diverged", async () => {
    project = await startReleaseProject({ versions: { p: [bookingPathway(), toDesk, { ...bookingPathway(), edges: [] }] } });
    project.write("calls/a.json", JSON.stringify(record("call-a")));
    project.write("calls/b.ndjson", `${JSON.stringify(record("call-b"))}\n`);
    project.write("calls/c.json", JSON.stringify({ ...record("call-c"), pathway_id: "other" }));
    const same = await project.run(["replay", "calls", "--pathway", "booking.json", "--live", "--pathway-version", "1"]);
    expect([same.code, same.stderr]).toEqual([0, ""]);
    expect(same.stdout).toContain("same call-a (calls/a.json): same path");
    expect(same.stdout).toContain("2 of 2 recorded calls take the same path live on pathway p version 1");
    expect(same.stdout).toMatch(/^skipped 1: .*other/m);
    expect(project.service.requestsTo("POST", /chat\/create$/)).toHaveLength(2);
    const create = JSON.parse(project.service.requestsTo("POST", /chat\/create$/)[0]!.body) as Record<string, unknown>;
    expect(create).toMatchObject({ pathway_id: "p", pathway_version: 1, request_data: { name: "Ana" } });
    expect(project.service.requestsTo("POST", /chat\/chat-1$/).map((r) => JSON.parse(r.body).message)).toEqual(["I want to book an appointment"]);

    const parted = await project.run(["replay", "calls", "--pathway", "booking.json", "--live", "--pathway-version", "2", "--format", "json"]);
    expect(parted.code).toBe(1);
    const result = JSON.parse(parted.stdout) as { same: number; diverged: number; calls: { callId: string; status: string; divergence?: object }[] };
    expect([result.same, result.diverged]).toEqual([0, 2]);
    expect(result.calls[0]).toMatchObject({ callId: "call-a", status: "diverged", divergence: { turn: 1, liveNodeId: "desk", recordedNodeId: "booked" } });
    expect((await project.run(["replay", "calls", "--pathway", "booking.json", "--live", "--pathway-version", "2", "--max-diverged", "2"])).code).toBe(0);
    // Version 3 has no way out of the greeting: the live agent stays while the recorded call moved on.
    const stays = await project.run(["replay", "calls/a.json", "--pathway", "booking.json", "--live", "--pathway-version", "3"]);
    expect(stays.code).toBe(1);
    expect(stays.stdout).toContain("diverged call-a (calls/a.json): after caller turn 1 the live agent is at start; the recorded call went to booked");
    for (const run of [same, parted]) expect(run.stdout + run.stderr).not.toContain(project.service.apiKey);
  });

  it("refuses --pathway-version without --live, and --live without a key, with exit 2", async () => {
    project = await startReleaseProject();
    project.write("calls/a.json", JSON.stringify(record("call-a")));
    expect((await project.run(["replay", "calls", "--pathway", "booking.json", "--pathway-version", "1"])).code).toBe(2);
    const noKey = await project.run(["replay", "calls", "--pathway", "booking.json", "--live"], { PATHWAYKIT_API_KEY: "" });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/--live talks to the service's chat: set PATHWAYKIT_API_KEY/);
    expect(noKey.stderr).not.toMatch(/chat --live/);
  });
});
