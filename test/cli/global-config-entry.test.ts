// The {globalConfig} entry of nodes[] is the pathway's global prompt, not a node, even with an id and a position (as the
// editor gives every entry): no command that lists nodes lists it (calls stats once showed it as "1").
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/newest-real-files/global-config-with-id/pathway.json");
const GREETING = "randomnode_1710288752186";
const END = "randomnode_1710288871721";

describe("the {globalConfig} entry with an id", () => {
  let dir = "";
  beforeAll(() => {
    dir = tempDir();
    copyFileSync(FIXTURE, path.join(dir, "p.json"));
    writeFileSync(
      path.join(dir, "call.json"),
      JSON.stringify({ call_id: "c1", variables: {}, pathway_logs: [{ chosen_node_id: GREETING }, { chosen_node_id: END }] }),
    );
  });

  it("is not a node calls stats lists, nor one no call reached", async () => {
    const { code, stdout } = await runMain(["calls", "stats", "call.json", "--pathway", "p.json", "--format", "json"], { cwd: dir });
    expect(code).toBe(0);
    const { stats } = JSON.parse(stdout) as { stats: { nodes: { id: string }[]; nodesNeverReached: string[] } };
    expect(stats.nodes.map((n) => n.id)).toEqual([GREETING, END]);
    expect(stats.nodesNeverReached).toEqual([]);
    const text = await runMain(["calls", "stats", "call.json", "--pathway", "p.json"], { cwd: dir });
    expect(text.stdout).not.toContain("Nodes no call reached");
  });

  it("is not counted, unreachable or a dead end in analyze", async () => {
    const { stdout } = await runMain(["analyze", "p.json", "--format", "json"], { cwd: dir });
    const analysis = JSON.parse(stdout) as { stats: { nodeCount: number; countsByType: Record<string, number> }; unreachable: string[]; deadEnds: string[] };
    expect(analysis.stats).toMatchObject({ nodeCount: 2, countsByType: { Default: 1, "End Call": 1 } });
    expect(analysis).toMatchObject({ unreachable: [], deadEnds: [] });
  });

  it("is not drawn in a diagram", async () => {
    const { code, stdout } = await runMain(["diagram", "p.json", "--format", "mermaid"], { cwd: dir });
    expect(code).toBe(0);
    expect(stdout.match(/^\s+n\d+[[(]/gm)).toHaveLength(2);
  });

  it("is not a node of the review page", async () => {
    const { code } = await runMain(["report", "p.json", "-o", "p.html"], { cwd: dir });
    expect(code).toBe(0);
    const html = readFileSync(path.join(dir, "p.html"), "utf8");
    const data = JSON.parse(/<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as { nodes: { id: string }[] };
    expect(data.nodes.map((n) => n.id)).toEqual([GREETING, END]);
  });

  // A guard: generation walks the flow model, so it never met the entry; it must not start to.
  it("is not a node scenarios generate covers or misses", async () => {
    const { code, stdout } = await runMain(["scenarios", "generate", "p.json", "-o", "out", "--format", "json"], { cwd: dir });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ uncovered: [] });
    expect(stdout).not.toMatch(/"1"/);
  });
});
