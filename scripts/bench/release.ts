import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Readable, Writable } from "node:stream";
import type { Pathway } from "../../src/model/index.js";
import { generatePathway } from "../generate-pathway.js";
import { startFakeProcess } from "./fake-process.js";
import { ms, type BenchSuite } from "./measure.js";

/** Turns the scenario takes: along tree edges from the start, each user line scripted to take its edge. */
function benchTurns(pathway: Pathway): { user: string; take: string; to: string }[] {
  const turns: { user: string; take: string; to: string }[] = [];
  let at = "node-0";
  for (let i = 0; i < 8; i++) {
    const edge = (pathway.edges ?? []).find((e) => e.source === at && e.target !== at && pathway.nodes.find((n) => n.id === e.target)?.type !== "End Call");
    if (!edge) break;
    turns.push({ user: `bench turn ${i}`, take: edge.id!, to: edge.target });
    at = edge.target;
  }
  return turns;
}

/** What the fake's agent does for each bench line. */
export function benchScript(pathway: Pathway): Record<string, { take: string }> {
  return Object.fromEntries(benchTurns(pathway).map((t) => [t.user, { take: t.take }]));
}

export const releaseSuite: BenchSuite = {
  name: "release",
  async run() {
    const { main } = (await import(new URL("../../dist/cli/main.js", import.meta.url).href)) as typeof import("../../src/cli/main.js");
    const pathway = generatePathway({ nodes: 1_000, edges: 3_000, seed: 7 });
    const dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-bench-release-"));
    mkdirSync(path.join(dir, "scenarios"));
    const turns = benchTurns(pathway);
    const scenario = [
      "pathway: ../bench.json",
      "decider: scripted",
      "turns:",
      ...turns.flatMap((t) => [`  - user: ${t.user}`, `    take: ${t.take}`, `    expect: { node: ${t.to} }`]),
      "",
    ].join("\n");
    writeFileSync(path.join(dir, "scenarios/bench.scenario.yaml"), scenario);
    writeFileSync(path.join(dir, "pathwaykit.manifest.json"), JSON.stringify({ version: 1, pathways: [{ file: "bench.json", id: "bench" }] }));
    const fake = await startFakeProcess(new URL("./release-fake.ts", import.meta.url));
    const env = { PATHWAYKIT_BASE_URL: fake.url, PATHWAYKIT_API_KEY: fake.apiKey, NO_COLOR: "1" };
    const sink = () => new Writable({ write: (_c, _e, done) => done() });
    const pathway_ = (round: number) => ({
      ...pathway,
      nodes: pathway.nodes.map((n, i) => (i === 1 ? { ...n, data: { ...(n.data as Record<string, unknown>), prompt: `round ${round}` } } : n)),
    });
    const run = async (args: string[]) => {
      const code = await main(args, { cwd: dir, env, stdin: Readable.from([]), stdout: sink(), stderr: sink() });
      if (code !== 0) throw new Error(`pathway ${args.join(" ")} exited ${code}`);
    };
    const rounds: { wall: number; cpu: number; steps: number[] }[] = [];
    try {
      for (let round = 0; round < 6; round++) {
        writeFileSync(path.join(dir, "bench.json"), JSON.stringify(pathway_(round)));
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        const steps: number[] = [];
        for (const args of [
          ["push", "bench.json", "--draft"],
          ["test", "scenarios", "--live", "--pathway-version", "draft"],
          ["publish", "bench.json"],
        ]) {
          const s = performance.now();
          await run(args);
          steps.push(performance.now() - s);
        }
        const cpu = process.cpuUsage(cpu0);
        rounds.push({ wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000, steps });
      }
    } finally {
      fake.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    // The first round loads the commands' code; the median of the rest is the steady cost.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const warm = rounds.slice(1);
    return [
      {
        name: "push --draft + test --live --pathway-version draft + publish, wall",
        value: ms(median(warm.map((r) => r.wall))),
        note: `1,000 nodes, 3,000 edges, ${turns.length} turns; first round ${ms(rounds[0]!.wall)}`,
      },
      { name: "  the tool's own CPU time (the fake runs in another process)", value: ms(median(warm.map((r) => r.cpu))), note: "target under 2 s" },
      { name: "  push --draft", value: ms(median(warm.map((r) => r.steps[0]!))) },
      { name: "  test --live --pathway-version draft", value: ms(median(warm.map((r) => r.steps[1]!))) },
      { name: "  publish (read back, compare, promote, record)", value: ms(median(warm.map((r) => r.steps[2]!))) },
    ];
  },
};
