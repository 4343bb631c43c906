// `pathway calls stats`: the real command over real task-call records and over pathway-call fixtures in the evidenced log shape.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR, corpusPath, describeCorpus } from "../support/corpus.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";
import { createTempProject } from "../support/temp-project.js";

const FIXTURES = path.join(ROOT, "test/fixtures/calls");
const REAL_CALLS = path.join(CORPUS_DIR, "../calls");
const json = (args: string[]) => {
  const run = runCli([...args, "--format", "json"]);
  return {
    code: run.code,
    out: JSON.parse(run.stdout) as {
      stats: Record<string, unknown> & { nodes: { id: string; reached: number; endedHere: number; errors: number }[] };
      read: { records: number; problemCount: number; problems: { path: string; message: string }[] };
    },
  };
};

describeCorpus("pathway calls stats", () => {
  it("reports the real task-call records as not mapped, without failing", () => {
    const { code, out } = json(["calls", "stats", REAL_CALLS, "--pathway", corpusPath("receptionist-auto-shop.json")]);
    expect(code).toBe(0);
    expect(out.read.records).toBe(2);
    expect(out.stats).toMatchObject({
      calls: 2,
      mapped: 0,
      unmapped: 2,
      mappedShare: 0,
      notMappedReasons: [{ reason: "a task call: no pathway and no pathway log", count: 2 }],
    });
  });

  it("counts the auto-shop fixtures as a hand count says", () => {
    const { code, out } = json(["calls", "stats", path.join(FIXTURES, "auto-shop"), "--pathway", corpusPath("receptionist-auto-shop.json")]);
    expect(code).toBe(0);
    // booked: greet, availability, details, services, sms, wrap-up, end. wants-a-person: greet, availability, (global)
    // AI disclosure, transfer. dropped: greet, availability, then a call_error.
    const counts = Object.fromEntries(out.stats.nodes.map((n) => [n.id.slice(0, 2), [n.reached, n.endedHere, n.errors]]));
    expect(counts).toEqual({
      a1: [3, 0, 0],
      a7: [1, 0, 0],
      b2: [3, 1, 1],
      b8: [1, 1, 0],
      c3: [1, 0, 0],
      d4: [1, 0, 0],
      e5: [1, 0, 0],
      f6: [1, 1, 0],
      g9: [1, 0, 0],
    });
    expect(out.stats).toMatchObject({
      calls: 3,
      mapped: 3,
      partial: 0,
      mappedShare: 1,
      endings: { completed: 1, transfer: 1, error: 1 },
      nodesNeverReached: [],
      waysNeverTaken: [],
    });
    expect(out.stats.variablesNeverFilled).toEqual(["alternate_sms_number"]);
    const ways = (out.stats as unknown as { ways: { from: string; to: string; kind: string; taken: number }[] }).ways;
    expect(ways.filter((w) => w.kind === "global").map((w) => [w.from.slice(0, 2), w.to.slice(0, 2), w.taken])).toEqual([["b2", "a7", 1]]);
  });

  it("reads NDJSON webhook bodies, and counts the pizzeria fixtures as a hand count says", () => {
    const { out } = json(["calls", "stats", path.join(FIXTURES, "pizzeria"), "--pathway", corpusPath("pathwalk-pizzeria-dialect.json")]);
    const reached = Object.fromEntries(out.stats.nodes.map((n) => [n.id, n.reached]));
    expect(reached).toEqual({ start: 3, "route-op": 3, "order-mgmt": 1, "menu-mgmt": 2, "inventory-mgmt": 0, reporting: 0, end: 3 });
    expect(out.stats).toMatchObject({ calls: 3, mapped: 3, nodesNeverReached: ["inventory-mgmt", "reporting"] });
    // The Route node's edges and routes join the same nodes: the ones between nodes a call moved between are taken.
    expect(out.stats.waysNeverTaken).toEqual([
      "route-op -> inventory-mgmt (edge)",
      "route-op -> reporting (edge)",
      "inventory-mgmt -> end (edge)",
      "reporting -> end (edge)",
      "route-op -> inventory-mgmt (route)",
      "route-op -> reporting (route)",
      "route-op -> end (fallback)",
    ]);
  });

  it("maps nothing of another pathway's calls, and says so", () => {
    const { out } = json([
      "calls",
      "stats",
      path.join(FIXTURES, "pizzeria"),
      "--pathway",
      corpusPath("pathwalk-pizzeria-dialect.json"),
      "--pathway-id",
      "pw-other",
    ]);
    expect(out.stats).toMatchObject({
      mapped: 0,
      unmapped: 3,
      notMappedReasons: [{ reason: "a call of another pathway (pw-pizzeria, not pw-other)", count: 3 }],
    });
  });

  it("reports a broken file as that file's error, counts the rest, and exits 2", () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, "calls"));
    copyFileSync(path.join(FIXTURES, "pizzeria/order.json"), path.join(dir, "calls/order.json"));
    writeFileSync(path.join(dir, "calls/broken.json"), '{"call_id": "x", ');
    const run = runCli(["calls", "stats", "calls", "--pathway", corpusPath("pathwalk-pizzeria-dialect.json")], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain("1 call from 2 files");
    expect(run.stdout).toMatch(/calls\/broken\.json: not JSON/);
    expect(run.stdout).not.toContain("+1555");
  });
});

describe("pathway calls stats wording", () => {
  const PATHWAY = JSON.stringify({
    nodes: [
      { id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi" } },
      { id: "ask", type: "Default", data: { name: "Ask name", text: "Name?" } },
      { id: "bye", type: "End Call", data: { name: "Goodbye", text: "Bye" } },
    ],
    edges: [
      { id: "e1", source: "start", target: "ask", label: "go" },
      { id: "e2", source: "ask", target: "bye", label: "done" },
    ],
  });
  const entry = (node: string, second: number) => ({ role: "assistant", text: node, chosen_node_id: node, created_at: `2025-01-01T00:00:0${second}Z` });
  /** A call whose log names a node the pathway does not have between two it has: partly mapped. */
  const PARTLY = JSON.stringify({
    call_id: "c1",
    queue_status: "complete",
    completed: true,
    pathway_logs: [entry("start", 1), entry("ghost", 2), entry("bye", 3)],
  });
  const FULLY = JSON.stringify({
    call_id: "c2",
    queue_status: "complete",
    completed: true,
    pathway_logs: [entry("start", 1), entry("ask", 2), entry("bye", 3)],
  });

  it("does not call a partly mapped call mapped, and names the nodes no call reached by name and id", async () => {
    const dir = createTempProject({ "p.json": PATHWAY, "calls/c1.json": PARTLY });
    const r = await runMain(["calls", "stats", "calls", "--pathway", "p.json"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("  mapped 0, partly mapped 1, not mapped 0 (0% of calls mapped in full, 100% at least in part)\n");
    expect(r.stdout).toContain('Nodes no call reached (1)\n  "Ask name" (ask)\n');
  });

  it("says one share when every mapped call is mapped in full", async () => {
    const dir = createTempProject({ "p.json": PATHWAY, "calls/c2.json": FULLY });
    const r = await runMain(["calls", "stats", "calls", "--pathway", "p.json"], { cwd: dir });
    expect(r.stdout).toContain("  mapped 1, partly mapped 0, not mapped 0 (100% of calls mapped)\n");
    expect(r.stdout).not.toContain("Nodes no call reached");
  });

  it("the report page's coverage source says how many calls were mapped in full and in part", async () => {
    const dir = createTempProject({ "p.json": PATHWAY, "calls/c1.json": PARTLY, "calls/c2.json": FULLY });
    const r = await runMain(["report", "p.json", "--calls", "calls", "-o", "p.html"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(dir, "p.html"), "utf8")).toContain("1 of 2 calls mapped in full, 1 in part, from calls");
  });
});
