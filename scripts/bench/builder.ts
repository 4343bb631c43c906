// Bench: cold start of `pathway validate` on a small file (child processes) next to bare node, `pathway build`, the cost of ts-morph + tsx, and `pathway build` of imported pathways from 250 to 2,000 nodes with its growth.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generatePathway } from "../generate-pathway.js";
import { ms, timeMedian, type BenchRow, type BenchSuite } from "./measure.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(ROOT, "bin/pathway.cjs");

/** Median wall time of a fresh `node args...` process, after one warm-up run (disk cache). */
function coldStart(args: readonly string[], runs = 7): number {
  return timeMedian(
    () => {
      const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
      if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}: ${result.stderr || result.stdout}`);
    },
    runs,
    1,
  );
}

const SIZES = [250, 500, 1_000, 2_000];

/** Wall milliseconds of one `pathway args...` run in `cwd` that must exit with `code`: the median of three after `warmup` runs. */
function timeCli(args: readonly string[], cwd: string, code = 0, warmup = 0): number {
  return timeMedian(
    () => {
      const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
      if (result.status !== code) throw new Error(`pathway ${args.join(" ")} exited ${result.status}: ${result.stderr || result.stdout}`);
    },
    3,
    warmup,
  );
}

/**
 * `pathway build` of what `pathway import` writes for a generated pathway, at each size, in an ES module folder (the
 * import of "pathwaykit" resolves to this build). Growth is read on the time above a one-node build (process start and
 * tsx), which every build pays once: linear work doubles it when the nodes double, quadratic work quadruples it.
 */
function buildScaling(dir: string): BenchRow[] {
  writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
  const write = (name: string, value: unknown) => {
    writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(value));
    const imported = spawnSync(process.execPath, [BIN, "import", `${name}.json`, "-o", `${name}.pathway.ts`, "--force"], { cwd: dir, encoding: "utf8" });
    if (imported.status !== 0) throw new Error(`pathway import ${name}.json exited ${imported.status}: ${imported.stderr}`);
    return `${name}.pathway.ts`;
  };
  const floor = timeCli(["build", write("one", generatePathway({ nodes: 1, edges: 0, clean: true })), "-o", "out"], dir, 0, 1);
  const rows: BenchRow[] = [{ name: "pathway build, 1-node imported module (the fixed cost)", value: ms(floor) }];
  let previous: { nodes: number; above: number } | undefined;
  for (const nodes of SIZES) {
    const module = write(`n${nodes}`, generatePathway({ nodes, edges: nodes * 3, seed: 7, clean: true }));
    const time = timeCli(["build", module, "-o", "out"], dir);
    const above = Math.max(time - floor, 1);
    const growth = previous ? `; ${(above / previous.above).toFixed(2)}x that for ${(nodes / previous.nodes).toFixed(1)}x the nodes` : "";
    rows.push({ name: `pathway build, ${nodes}-node imported module`, value: ms(time), note: `${ms(above)} above the 1-node build${growth}` });
    previous = { nodes, above };
  }
  // Every node an error: each finding maps its call site to a TypeScript line, the part that is done only on demand.
  const broken = generatePathway({ nodes: 1_000, edges: 3_000, seed: 7, clean: true });
  for (const node of broken.nodes as { data?: Record<string, unknown> }[]) if (node.data) node.data.text = node.data.prompt = "";
  const module = write("broken", broken);
  const time = timeCli(["build", module, "-o", "out", "--format", "json"], dir, 1);
  const findings = JSON.parse(spawnSync(process.execPath, [BIN, "build", module, "-o", "out", "--format", "json"], { cwd: dir, encoding: "utf8" }).stdout) as { messages: { line: number | null }[] }[];
  const lined = findings.flatMap((f) => f.messages).filter((m) => m.line !== null).length;
  rows.push({ name: "pathway build, 1000 nodes with an error on each", value: ms(time), note: `${lined} findings at their TypeScript line; ${ms(time - floor)} above the 1-node build` });
  return rows;
}

export const builderSuite: BenchSuite = {
  name: "builder",
  async run() {
    const out = mkdtempSync(path.join(tmpdir(), "pathwaykit-bench-"));
    try {
      const small = "pathways/appointment-booking.json";
      const baseline = coldStart(["-e", ""]);
      const validate = coldStart([BIN, "validate", small]);
      const heavy = coldStart(["--input-type=module", "-e", 'await import("ts-morph"); await import("tsx/esm/api");']);
      const build = coldStart([BIN, "build", "pathways/appointment-booking.pathway.ts", "-o", out], 5);
      const importCold = coldStart([BIN, "import", small], 5);
      return [
        { name: 'node -e "" (baseline process start)', value: ms(baseline) },
        { name: "pathway validate <small file> (cold start)", value: ms(validate), note: `${small}; +${ms(validate - baseline)} over bare node` },
        { name: "node + import ts-morph and tsx (cold start)", value: ms(heavy), note: `what validate would pay if they were static: +${ms(heavy - baseline)}` },
        { name: "pathway build <example>.pathway.ts (cold start)", value: ms(build), note: "loads tsx" },
        { name: "pathway import <small file> (cold start)", value: ms(importCold), note: "loads ts-morph" },
        { name: "validate cold start, heavy modules static (estimate)", value: ms(validate + heavy - baseline), note: "validate + (ts-morph/tsx - bare node)" },
        ...buildScaling(out),
      ];
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
};
