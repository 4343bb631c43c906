// `pathway replay`: recorded pathway-call fixtures against edits of two corpus pathways, run as the real command.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { corpusPath, describeCorpus } from "../support/corpus.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";

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
    const result = JSON.parse(run.stdout) as { same: number; diverged: number; divergedCalls: { callId: string; divergence: { reason: string; fromNodeId: string; nodeId: string } }[] };
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
    expect(run.stdout).toMatch(/^diverged aaaa0001-0000-4000-8000-000000000001 \(.*booked\.json\) after 2 steps: no way leads any more from b2000000-0000-4000-8000-000000000002 to d4000000/m);
    expect(run.stdout).toContain("2 of 3 recorded calls still take the same path");
    expect(runCli(["replay", path.join(FIXTURES, "auto-shop"), "--pathway", edited, "--max-diverged", "1"]).code).toBe(0);
  });
});
