// Bench: cold start of `pathway validate` on a small file (child processes) next to bare node, `pathway build`, and the cost of ts-morph + tsx.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ms, timeMedian, type BenchSuite } from "./measure.js";

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
      ];
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
};
