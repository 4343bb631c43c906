// Bench: `pathway calls stats` (1,000, 10,000 and 100,000 records, a folder of one file each and one NDJSON file) and `pathway replay`, time and peak memory, against JSON.parse of the same records.
import { spawnSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRandom, generatePathway } from "../generate-pathway.js";
import { type BenchRow, type BenchSuite, PEAK_RSS_KB } from "./measure.js";

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

interface Usage {
  ms: number;
  cpuMs: number;
  /** Peak resident set size, in MB. */
  mb: number;
  /** Heap still in use after the run and a full GC (what the run kept), in MB. */
  heapMb: number;
}

/**
 * Wall time, CPU time (user + system) and peak RSS of one `pathway` run in a fresh node process, as the child reports
 * them (process.resourceUsage), and the heap still in use after the run and a full GC. CPU time is the figure to
 * compare on a shared machine, where wall time mostly measures the other processes.
 */
function run(args: string[]): Usage | { failure: string } {
  const started = performance.now();
  const script = `const { main } = await import(${JSON.stringify(MAIN)});\nawait main(${JSON.stringify(args)});\nconst u = process.resourceUsage();\nglobalThis.gc();\nprocess.stderr.write("usage " + ${PEAK_RSS_KB} + " " + (u.userCPUTime + u.systemCPUTime) + " " + process.memoryUsage().heapUsed + " " + (process.exitCode ?? 0) + "\\n");`;
  const child = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    timeout: 1_200_000,
  });
  const m = /usage (\d+) (\d+) (\d+) (\d+)/.exec(child.stderr ?? "");
  if (!m) return { failure: `exit ${child.status ?? child.signal}: ${(child.stderr ?? "").trim().split("\n").pop()?.slice(0, 160) ?? ""}` };
  // Exit 2 is an input not read: the figures would be those of reading nothing.
  if (m[4] !== "0")
    return {
      failure: `exit ${m[4]}: ${
        (child.stderr ?? "")
          .split("\n")
          .find((l) => l.trim() !== "" && !l.startsWith("usage"))
          ?.slice(0, 160) ?? ""
      }`,
    };
  return { ms: performance.now() - started, cpuMs: Number(m[2]) / 1000, mb: Number(m[1]) / 1024, heapMb: Number(m[3]) / 1024 / 1024 };
}

/**
 * CPU time and peak RSS of JSON.parse of every line of `file` in a fresh process, the file read whole as bytes (a string
 * of 728 MB is over V8's longest): the floor any reader of these records pays.
 */
function parseFloor(file: string): Usage | { failure: string } {
  const script = `const { readFileSync } = await import("node:fs");\nconst bytes = readFileSync(${JSON.stringify(file)});\nfor (let s = 0; s < bytes.length; ) { let e = bytes.indexOf(10, s); if (e < 0) e = bytes.length; if (e > s) JSON.parse(bytes.toString("utf8", s, e)); s = e + 1; }\nconst u = process.resourceUsage();\nprocess.stderr.write("usage " + ${PEAK_RSS_KB} + " " + (u.userCPUTime + u.systemCPUTime) + " 0\\n");`;
  const started = performance.now();
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8", timeout: 600_000 });
  const m = /usage (\d+) (\d+)/.exec(child.stderr ?? "");
  return m
    ? { ms: performance.now() - started, cpuMs: Number(m[2]) / 1000, mb: Number(m[1]) / 1024, heapMb: 0 }
    : { failure: `exit ${child.status ?? child.signal}` };
}

/**
 * CPU time and peak RSS of jq listing each record's nodes (`[.pathway_logs[].chosen_node_id] | unique`), what a user
 * without pathwaykit would run over NDJSON records, measured by /usr/bin/time. Undefined without either.
 */
function jqRun(file: string): Usage | { failure: string } | undefined {
  const started = performance.now();
  const child = spawnSync("/usr/bin/time", ["-f", "time %U %S %M", "jq", "-c", "[.pathway_logs[]?.chosen_node_id] | unique", file], {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    timeout: 1_200_000,
  });
  if (child.error) return undefined;
  const m = /time ([\d.]+) ([\d.]+) (\d+)/.exec(child.stderr ?? "");
  if (!m) return child.status === 127 ? undefined : { failure: `exit ${child.status}` };
  return { ms: performance.now() - started, cpuMs: (Number(m[1]) + Number(m[2])) * 1000, mb: Number(m[3]) / 1024, heapMb: 0 };
}

function row(name: string, count: number, result: Usage | { failure: string }, floor?: Usage): BenchRow {
  if ("failure" in result) return { name, value: "failed", note: result.failure };
  const ratio = floor ? `, ${(result.cpuMs / floor.cpuMs).toFixed(1)}x the CPU of JSON.parse of its records` : "";
  return {
    name,
    value: `${(result.cpuMs / 1000).toFixed(2)} s, ${result.mb.toFixed(0)} MB`,
    note: `CPU and peak RSS; ${((result.cpuMs * 1000) / count).toFixed(0)} µs CPU per record${ratio}, wall ${(result.ms / 1000).toFixed(1)} s, heap kept ${result.heapMb.toFixed(1)} MB`,
  };
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
      // `node -e 0`: what starting a process costs, in every row below.
      const empty = spawnSync(
        process.execPath,
        ["-e", `const u = process.resourceUsage(); process.stderr.write(${PEAK_RSS_KB} + " " + (u.userCPUTime + u.systemCPUTime))`],
        { encoding: "utf8" },
      );
      const [rss, cpu] = (empty.stderr ?? "0 0").split(" ").map(Number);
      rows.push({
        name: "node -e 0",
        value: `${((cpu ?? 0) / 1e6).toFixed(2)} s, ${((rss ?? 0) / 1024).toFixed(0)} MB`,
        note: "CPU and peak RSS of starting node, the floor of each run",
      });
      for (const count of [1_000, 10_000, 100_000]) {
        const calls = path.join(dir, `calls-${count}`);
        const ndjson = path.join(dir, `calls-${count}.ndjson`);
        mkdirSync(calls);
        const fd = openSync(ndjson, "w");
        for (let i = 0; i < count; i++) {
          const text = record(i, out, start, random);
          writeFileSync(path.join(calls, `${i}.json`), text);
          writeSync(fd, `${text}\n`);
        }
        closeSync(fd);
        const megabytes = (readFileSync(ndjson).length / 1e6).toFixed(0);
        const floor = parseFloor(ndjson);
        const label = count.toLocaleString("en");
        rows.push(
          "failure" in floor
            ? { name: `JSON.parse, ${label} records`, value: "failed", note: floor.failure }
            : row(`JSON.parse of ${label} records (${megabytes} MB read whole)`, count, floor),
        );
        const fl = "failure" in floor ? undefined : floor;
        rows.push(row(`calls stats, ${label} records, a folder`, count, run(["calls", "stats", calls, "--pathway", file, "--format", "json"]), fl));
        rows.push(
          row(
            `calls stats, ${label} records, one NDJSON file (${megabytes} MB)`,
            count,
            run(["calls", "stats", ndjson, "--pathway", file, "--format", "json"]),
            fl,
          ),
        );
        const jq = jqRun(ndjson);
        if (jq) rows.push(row(`jq listing each record's nodes, the same NDJSON file`, count, jq, fl));
        if (count <= 10_000) rows.push(row(`replay, ${label} records, a folder`, count, run(["replay", calls, "--pathway", file, "--format", "json"]), fl));
        rmSync(calls, { recursive: true, force: true });
        rmSync(ndjson, { force: true });
      }
      return rows;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
