// Bench "generate": scenario generation from 250 to 10,000 nodes with its growth, against validate of the same file, and YAML's share of running a generated suite.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { generatePathway } from "../generate-pathway.js";
import { loadShipped, timeInTurns, type BenchRow, type BenchSuite } from "./measure.js";

const sim = await loadShipped<typeof import("../../src/simulate/index.js")>("simulate");
const { validatePathway } = await loadShipped<typeof import("../../src/validate/index.js")>("validate");

const SIZES = [250, 500, 1_000, 2_000, 5_000, 10_000];

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../bin/pathway.cjs");

/** Milliseconds of one `pathway ...` process (median of three), as a user runs it; `args` may differ per run. */
function timeCommand(args: string[] | ((run: number) => string[])): number {
  const times = [0, 1, 2].map((run) => {
    const argv = typeof args === "function" ? args(run) : args;
    const start = performance.now();
    const result = spawnSync(process.execPath, [BIN, ...argv], { stdio: "ignore", env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" } });
    if (result.status !== 0) throw new Error(`pathway ${argv.join(" ")} exited ${result.status}`);
    return performance.now() - start;
  });
  return times.sort((a, b) => a - b)[1]!;
}

/** Milliseconds of one `node -e script` process (median of three); `script` may differ per run. */
function timeNode(script: (run: number) => string): number {
  const times = [0, 1, 2].map((run) => {
    const start = performance.now();
    const result = spawnSync(process.execPath, ["-e", script(run)], { stdio: "ignore", env: { PATH: process.env.PATH ?? "" } });
    if (result.status !== 0) throw new Error(`the file-system floor script exited ${result.status}`);
    return performance.now() - start;
  });
  return times.sort((a, b) => a - b)[1]!;
}

function timeOnce(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

export const generateSuite: BenchSuite = {
  name: "generate",
  async run() {
    const rows: BenchRow[] = [];
    let previous: { nodes: number; ms: number } | undefined;
    for (const nodes of SIZES) {
      const pathway = generatePathway({ nodes, edges: nodes * 3, seed: 7 });
      // No cap on the number of scenarios: the work must grow with the pathway for the growth to mean anything.
      let result: ReturnType<typeof sim.generateScenarios> | undefined;
      const ms = timeOnce(() => (result = sim.generateScenarios(pathway, { maxScenarios: Number.MAX_SAFE_INTEGER })));
      const growth = previous ? ` (${(ms / previous.ms).toFixed(2)}x the time for ${(nodes / previous.nodes).toFixed(1)}x the nodes)` : "";
      rows.push({
        name: `generate ${nodes} nodes / ${nodes * 3} edges`,
        value: `${ms.toFixed(0)} ms`,
        note: `${result!.scenarios.length} scenarios, ${result!.uncovered.length} left uncovered${growth}`,
      });
      previous = { nodes, ms };
      if (nodes === 1_000) {
        const text = JSON.stringify(pathway, null, 2);
        const [gen, validate] = timeInTurns(
          [() => sim.generateScenarios(pathway, { maxScenarios: Number.MAX_SAFE_INTEGER }), () => validatePathway(text)] as const,
          5,
          1,
        );
        rows.push({
          name: "generate / validate, 1,000 nodes, in process",
          value: `${(gen / validate).toFixed(1)}x`,
          note: `${gen.toFixed(0)} ms vs ${validate.toFixed(1)} ms`,
        });
        // The measure: the two commands as a user runs them, files written included.
        const dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-bench-generate-"));
        try {
          const file = path.join(dir, "p.json");
          writeFileSync(file, text);
          const validateMs = timeCommand(["validate", file]);
          // Each run writes a new suite into a directory of its own: a run over the files of the one before leaves
          // those it would write unchanged alone, which is cheaper and timed on its own below.
          const generateMs = timeCommand((run) => ["scenarios", "generate", file, "-o", path.join(dir, `out-${run}`), "--max-scenarios", "1000000"]);
          rows.push({
            name: "pathway scenarios generate / pathway validate, 1,000 nodes",
            value: `${(generateMs / validateMs).toFixed(1)}x`,
            note: `${generateMs.toFixed(0)} ms vs ${validateMs.toFixed(0)} ms, whole processes, into a new directory (goal ≤ 5x)`,
          });
          // The file system's floor on this machine: a bare node process writing as many files of the same size the
          // same way (a temp file, then rename) into a new directory. Creating files costs far more on some disks than
          // on others (this VM's ext4 right after heavy churn: ~0.4 ms each; tmpfs: ~0.03 ms), so it is shown apart.
          const count = result!.scenarios.length;
          const size = Math.round(result!.scenarios.reduce((n, sc) => n + sim.toScenarioYaml(sc).length, 0) / count);
          const floorMs = timeNode(
            (run) => `const fs = require("node:fs"), d = ${JSON.stringify(dir)} + "/floor-" + ${run}; fs.mkdirSync(d);
            const text = "x".repeat(${size}); for (let i = 0; i < ${count}; i++) { const t = d + "/.f" + i; fs.writeFileSync(t, text, { flag: "wx" }); fs.renameSync(t, d + "/f" + i + ".yaml"); }`,
          );
          rows.push({
            name: "  floor: node writing as many files, temp + rename",
            value: `${(floorMs / validateMs).toFixed(1)}x`,
            note: `${floorMs.toFixed(0)} ms (${count} files of ${size} bytes); generate without it: ${(generateMs - floorMs).toFixed(0)} ms = ${((generateMs - floorMs) / validateMs).toFixed(1)}x`,
          });
          // The same into memory where there is a RAM file system (Linux's /dev/shm): the tool's own cost, without the
          // disk's, which on this project's VMs swings tenfold from one minute to the next.
          if (existsSync("/dev/shm")) {
            const shm = mkdtempSync(path.join("/dev/shm", "pathwaykit-bench-generate-"));
            try {
              const memoryMs = timeCommand((run) => ["scenarios", "generate", file, "-o", path.join(shm, `out-${run}`), "--max-scenarios", "1000000"]);
              rows.push({
                name: "  the same into memory (/dev/shm)",
                value: `${(memoryMs / validateMs).toFixed(1)}x`,
                note: `${memoryMs.toFixed(0)} ms: the tool without the disk`,
              });
            } finally {
              rmSync(shm, { recursive: true, force: true });
            }
          }
          const againMs = timeCommand(["scenarios", "generate", file, "-o", path.join(dir, "out-0"), "--force", "--max-scenarios", "1000000"]);
          rows.push({
            name: "  the same again over its own files (--force)",
            value: `${(againMs / validateMs).toFixed(1)}x`,
            note: `${againMs.toFixed(0)} ms: unchanged files are left alone`,
          });
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
        // What running the generated suite costs, and how much of it is reading the YAML.
        const files = result!.scenarios.map((s) => sim.toScenarioYaml(s));
        const [parse, run] = timeInTurns(
          [
            () => files.map((f) => sim.loadScenario(f)),
            () => {
              const compiled = sim.createSimulator(pathway);
              for (const f of files) {
                const loaded = sim.loadScenario(f);
                if (loaded.ok) sim.runScenario(pathway, loaded.scenario, { simulator: compiled });
              }
            },
          ] as const,
          3,
          1,
        );
        rows.push({
          name: "YAML share of running the 1,000-node suite",
          value: `${((parse / run) * 100).toFixed(0)}%`,
          note: `${files.length} files, ${(files.reduce((n, f) => n + f.length, 0) / 1e6).toFixed(1)} MB of YAML; parse ${parse.toFixed(0)} ms of ${run.toFixed(0)} ms (goal ≤ 20%)`,
        });
      }
    }
    // A quarter of the nodes are Route nodes, each with a route no input can take: growth where searching dominates
    // (searching again from every stuck scenario made it quadratic: see `Searches` in src/simulate/generate/generate.ts).
    previous = undefined;
    for (const nodes of SIZES) {
      const pathway = generatePathway({ nodes, edges: nodes * 3, seed: 7, routeShare: 0.25 });
      let result: ReturnType<typeof sim.generateScenarios> | undefined;
      const ms = timeOnce(() => (result = sim.generateScenarios(pathway, { maxScenarios: Number.MAX_SAFE_INTEGER })));
      const growth = previous ? ` (${(ms / previous.ms).toFixed(2)}x the time for ${(nodes / previous.nodes).toFixed(1)}x the nodes)` : "";
      rows.push({
        name: `generate ${nodes} nodes, a quarter Route nodes`,
        value: `${ms.toFixed(0)} ms`,
        note: `${result!.scenarios.length} scenarios, ${result!.uncovered.length} left uncovered${growth}`,
      });
      previous = { nodes, ms };
    }
    return rows;
  },
};
