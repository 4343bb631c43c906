// Bench: `pathway calls stats` and `pathway replay` over 1,000 and 10,000 call records (one file each) of a 100-node pathway.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRandom, generatePathway } from "../generate-pathway.js";
import type { BenchRow, BenchSuite } from "./measure.js";

const MAIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

/** A record of a call that walked `steps` ways of the pathway from its start, in the log shape public clients type. */
function record(id: number, out: Map<string, string[]>, start: string, random: () => number): string {
  const logs: unknown[] = [];
  const transcripts: unknown[] = [];
  let node = start;
  let t = Date.UTC(2025, 0, 1) + id * 60_000;
  for (let step = 0; step < 20; step++) {
    for (const role of ["system", "assistant", "user"]) {
      const at = new Date((t += 700)).toISOString();
      logs.push({
        tag: { name: role, color: "#000" },
        role,
        text: role === "system" ? "" : `turn ${step}`,
        decision: "{}",
        created_at: at,
        pathway_info: "{}",
        chosen_node_id: node,
      });
      if (role !== "system") transcripts.push({ id: id * 100 + transcripts.length, user: role, text: `turn ${step}`, created_at: at });
    }
    const next = out.get(node) ?? [];
    if (next.length === 0) break;
    node = next[Math.floor(random() * next.length)]!;
  }
  return JSON.stringify({ call_id: `call-${id}`, queue_status: "complete", variables: { phone_number: "+15550100000" }, transcripts, pathway_logs: logs });
}

/**
 * Wall time, CPU time (user + system) and peak RSS of one `pathway` run in a fresh node process, as the child reports
 * them (process.resourceUsage), and the heap still in use after the run and a full GC (what the run kept). CPU time is the figure to compare on a shared machine, where wall time mostly measures
 * the other processes.
 */
function run(args: string[]): { ms: number; cpuMs: number; mb: number; heapMb: number } | { failure: string } {
  const started = performance.now();
  const script = `const { main } = await import(${JSON.stringify(MAIN)});\nawait main(${JSON.stringify(args)});\nconst u = process.resourceUsage();\nglobalThis.gc();\nprocess.stderr.write("usage " + u.maxRSS + " " + (u.userCPUTime + u.systemCPUTime) + " " + process.memoryUsage().heapUsed + "\\n");`;
  const child = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    timeout: 600_000,
  });
  const m = /usage (\d+) (\d+) (\d+)/.exec(child.stderr ?? "");
  return m
    ? { ms: performance.now() - started, cpuMs: Number(m[2]) / 1000, mb: Number(m[1]) / 1024, heapMb: Number(m[3]) / 1024 / 1024 }
    : { failure: `exit ${child.status ?? child.signal}` };
}

export const callsSuite: BenchSuite = {
  name: "calls",
  async run() {
    const dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-bench-calls-"));
    try {
      const pathway = generatePathway({ nodes: 100, edges: 300 });
      const file = path.join(dir, "pathway.json");
      writeFileSync(file, JSON.stringify(pathway));
      const out = new Map<string, string[]>();
      for (const e of pathway.edges ?? []) out.set(String(e.source), [...(out.get(String(e.source)) ?? []), String(e.target)]);
      const start = String(pathway.nodes.find((n) => (n as { data?: { isStart?: boolean } }).data?.isStart)?.id ?? pathway.nodes[0]!.id);
      const random = createRandom(7);
      const rows: BenchRow[] = [];
      for (const count of [1_000, 10_000]) {
        const calls = path.join(dir, `calls-${count}`);
        mkdirSync(calls);
        for (let i = 0; i < count; i++) writeFileSync(path.join(calls, `${i}.json`), record(i, out, start, random));
        for (const [name, args] of [
          ["calls stats", ["calls", "stats", calls, "--pathway", file, "--format", "json"]],
          ["replay", ["replay", calls, "--pathway", file, "--format", "json"]],
        ] as const) {
          const result = run([...args]);
          rows.push(
            "failure" in result
              ? { name: `${name}, ${count.toLocaleString("en")} records`, value: "failed", note: result.failure }
              : {
                  name: `${name}, ${count.toLocaleString("en")} records: CPU`,
                  value: `${(result.cpuMs / 1000).toFixed(2)} s`,
                  note: `${((result.cpuMs * 1000) / count).toFixed(0)} µs CPU per record, wall ${(result.ms / 1000).toFixed(1)} s, peak RSS ${result.mb.toFixed(0)} MB, heap kept ${result.heapMb.toFixed(1)} MB`,
                },
          );
        }
      }
      return rows;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
