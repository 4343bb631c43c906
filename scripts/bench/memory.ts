// Bench: peak memory (maxRSS of a child process) of `pathway validate` and `pathway lint` on a 100k-node pathway file.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generatePathway } from "../generate-pathway.js";
import { type BenchSuite, PEAK_RSS_KB, ratio } from "./measure.js";

const MAIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

/**
 * Runs `script` in a fresh node process and returns its peak resident set size in MB (PEAK_RSS_KB,
 * which the child prints on exit) and its wall time. A child, so the bench's own heap does not count.
 */
function peak(script: string): { mb: number; ms: number } | { failure: string } {
  const started = performance.now();
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", `${script}\nprocess.stderr.write("maxrss-kb " + ${PEAK_RSS_KB} + "\\n");`], {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    timeout: 600_000,
  });
  const m = /maxrss-kb (\d+)/.exec(child.stderr ?? "");
  if (!m) return { failure: child.error ? "did not finish within 600 s" : `exit ${child.status ?? child.signal}` };
  return { mb: Number(m[1]) / 1024, ms: performance.now() - started };
}

export const memorySuite: BenchSuite = {
  name: "memory",
  async run() {
    const dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-bench-memory-"));
    try {
      const file = path.join(dir, "100k.json");
      writeFileSync(file, JSON.stringify(generatePathway({ nodes: 100_000, edges: 300_000 }), null, 2));
      const sizeMb = statSync(file).size / 1024 / 1024;
      const runCli = (command: string) =>
        `const { main } = await import(${JSON.stringify(MAIN)});\nawait main([${JSON.stringify(command)}, ${JSON.stringify(file)}, "--format", "json"]);`;
      const baseline = peak(`const { readFileSync } = await import("node:fs");\nJSON.parse(readFileSync(${JSON.stringify(file)}, "utf8"));`);
      const rows = [
        { name: "node + JSON.parse of the file (baseline)", result: baseline },
        { name: "pathway validate, 100k nodes / 300k edges", result: peak(runCli("validate")) },
        { name: "pathway lint, same file", result: peak(runCli("lint")) },
      ];
      return rows.map(({ name, result }) =>
        "failure" in result
          ? { name: `${name}: peak RSS`, value: "failed", note: result.failure }
          : {
              name: `${name}: peak RSS`,
              value: `${result.mb.toFixed(0)} MB`,
              note: `${ratio(result.mb, sizeMb)} the ${sizeMb.toFixed(0)} MB file${"failure" in baseline ? "" : `, ${ratio(result.mb, baseline.mb)} the baseline`}, ${(result.ms / 1000).toFixed(1)} s`,
            },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
