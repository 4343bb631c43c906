// Bench: cold start of `pathway validate` on a small file (child processes) next to bare node, `pathway build`, the cost of ts-morph + tsx, and `pathway build` of imported pathways from 250 to 2,000 nodes with its growth.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
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
const SHIPPED = new URL("../../dist/index.js", import.meta.url).href;
const { buildModules, createNodeHost } = (await import(SHIPPED)) as typeof import("../../src/index.js");

/** Wall milliseconds of one `pathway args...` run in `cwd` that must exit with `code`: the median of `runs` after `warmup` runs. */
function timeCli(args: readonly string[], cwd: string, code = 0, warmup = 0, runs = 3): number {
  return timeMedian(
    () => {
      const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
      if (result.status !== code) throw new Error(`pathway ${args.join(" ")} exited ${result.status}: ${result.stderr || result.stdout}`);
    },
    runs,
    warmup,
  );
}

/**
 * `pathway build` of what `pathway import` writes for a generated pathway, at each size, in a CommonJS folder (what
 * `npm init -y` writes; tsx runs such a module from a data: URL, where taking call sites was quadratic): the command's wall time (what a user waits, process start and tsx included), and the CPU time of `buildModules` in this
 * process above that of a 1-node module, whose growth shows the shape: linear work doubles when the nodes double,
 * quadratic work quadruples. CPU time, not wall time: on a shared machine the wall time of a run is mostly waiting.
 */
export async function buildScaling(dir: string): Promise<BenchRow[]> {
  writeFileSync(path.join(dir, "package.json"), '{"name": "flows", "version": "1.0.0"}\n');
  // Installed as `npm i -D pathwaykit` would: modules import "pathwaykit", resolved by its exports (require: the
  // CommonJS copy, import: the ES modules), in the CLI and in this process alike.
  mkdirSync(path.join(dir, "node_modules"));
  symlinkSync(ROOT, path.join(dir, "node_modules", "pathwaykit"), "dir");
  const host = createNodeHost({ cwd: dir });
  const write = (name: string, value: unknown) => {
    writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(value));
    const imported = spawnSync(process.execPath, [BIN, "import", `${name}.json`, "-o", `${name}.pathway.ts`, "--force"], { cwd: dir, encoding: "utf8" });
    if (imported.status !== 0) throw new Error(`pathway import ${name}.json exited ${imported.status}: ${imported.stderr}`);
    return `${name}.pathway.ts`;
  };
  /** Median CPU milliseconds (all threads: tsx transforms in a worker) of `buildModules` on one module, after a warm-up. */
  const cpu = async (module: string, status: string) => {
    const times: number[] = [];
    for (let run = 0; run < 4; run++) {
      const before = process.cpuUsage();
      const { entries } = await buildModules(host, [module], { outDir: "out" });
      const used = process.cpuUsage(before);
      if (entries[0]?.status !== status) throw new Error(`buildModules(${module}) gave ${entries[0]?.status}, not ${status}`);
      if (run > 0) times.push((used.user + used.system) / 1000);
    }
    return times.sort((a, b) => a - b)[1]!;
  };
  const one = write("one", generatePathway({ nodes: 1, edges: 0, clean: true }));
  await buildModules(host, [one], { outDir: "out" });
  const floor = await cpu(one, "unchanged");
  const rows: BenchRow[] = [
    {
      name: "pathway build, 1-node imported module (fixed cost)",
      value: ms(timeCli(["build", one, "-o", "out"], dir, 0, 1)),
      note: `buildModules ${ms(floor)} CPU`,
    },
  ];
  let previous: { nodes: number; above: number } | undefined;
  for (const nodes of SIZES) {
    const module = write(`n${nodes}`, generatePathway({ nodes, edges: nodes * 3, seed: 7, clean: true }));
    await buildModules(host, [module], { outDir: "out" });
    const above = Math.max((await cpu(module, "unchanged")) - floor, 0.1);
    const growth = previous ? `, ${(above / previous.above).toFixed(2)}x for ${(nodes / previous.nodes).toFixed(1)}x the nodes` : "";
    // The wall time a user waits (median of 5 after a warm-up run); the 1-minute load average says how busy the machine was.
    const wall = timeCli(["build", module, "-o", "out"], dir, 0, 1, 5);
    rows.push({
      name: `pathway build, ${nodes}-node imported module`,
      value: ms(wall),
      note: `buildModules ${ms(above)} CPU above 1 node${growth}; load ${loadavg()[0]!.toFixed(1)}`,
    });
    previous = { nodes, above };
  }
  // Every node an error, in an ES module folder (where positions are source-mapped): each finding maps its call site
  // to a TypeScript line, the part that is done only on demand.
  const broken = generatePathway({ nodes: 1_000, edges: 3_000, seed: 7, clean: true });
  for (const node of broken.nodes as { data?: Record<string, unknown> }[]) if (node.data) node.data.text = node.data.prompt = "";
  mkdirSync(path.join(dir, "esm"));
  writeFileSync(path.join(dir, "esm/package.json"), '{"type": "module"}\n');
  const module = write("esm/broken", broken);
  const { files } = await buildModules(host, [module], { outDir: "out" });
  const lined = files.flatMap((f) => f.diagnostics).filter((d) => d.range !== undefined).length;
  const used = await cpu(module, "invalid");
  rows.push({
    name: "pathway build, ES module, 1000 nodes with an error on each",
    value: ms(timeCli(["build", module, "-o", "out"], dir, 1)),
    note: `${lined} findings at their TypeScript line; buildModules ${ms(used)} CPU`,
  });
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
        {
          name: "node + import ts-morph and tsx (cold start)",
          value: ms(heavy),
          note: `what validate would pay if they were static: +${ms(heavy - baseline)}`,
        },
        { name: "pathway build <example>.pathway.ts (cold start)", value: ms(build), note: "loads tsx" },
        { name: "pathway import <small file> (cold start)", value: ms(importCold), note: "loads ts-morph" },
        { name: "validate cold start, heavy modules static (estimate)", value: ms(validate + heavy - baseline), note: "validate + (ts-morph/tsx - bare node)" },
        ...(await buildScaling(out)),
      ];
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
};
