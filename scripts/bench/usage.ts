import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Readable, Writable } from "node:stream";
import type { Pathway } from "../../src/model/index.js";
import { generatePathway } from "../generate-pathway.js";
import { startFakeProcess } from "./fake-process.js";
import { ms, timeMedian, type BenchSuite } from "./measure.js";

/** The bench pathway: 1,000 nodes whose start greets the caller by {{customer_name}}, which no inbound call carries. */
function benchPathway(): Pathway {
  const pathway = generatePathway({ nodes: 1_000, edges: 3_000, seed: 7 });
  const nodes = pathway.nodes.map((n) => {
    const data = (n.data ?? {}) as Record<string, unknown>;
    return data.isStart === true ? { ...n, data: { ...data, text: "Hi {{customer_name}}, this is Acme." } } : n;
  });
  return { ...pathway, nodes } as Pathway;
}

export const usageSuite: BenchSuite = {
  name: "usage",
  async run() {
    const { main } = (await import(new URL("../../dist/cli/main.js", import.meta.url).href)) as typeof import("../../src/cli/main.js");
    const requests = (await import(new URL("../../dist/requests/index.js", import.meta.url).href)) as typeof import("../../src/requests/index.js");
    const pathway = benchPathway();
    const dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-bench-usage-"));
    writeFileSync(path.join(dir, "bench.json"), JSON.stringify(pathway));
    writeFileSync(path.join(dir, "pathwaykit.manifest.json"), JSON.stringify({ version: 1, pathways: [{ file: "bench.json", id: "bench" }] }));
    writeFileSync(path.join(dir, "pathway.config.json"), JSON.stringify({ campaigns: ["c-1", "c-2", "c-3"] }));
    const fake = await startFakeProcess(new URL("./usage-fake.ts", import.meta.url));
    const env = { PATHWAYKIT_BASE_URL: fake.url, PATHWAYKIT_API_KEY: fake.apiKey, NO_COLOR: "1" };
    const sink = () => new Writable({ write: (_c, _e, done) => done() });
    const run = async (args: string[]) => {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const code = await main(args, { cwd: dir, env, stdin: Readable.from([]), stdout: sink(), stderr: sink() });
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      // Exit 1: the bench pathway's variable is an error on every number that answers with it, as it should be.
      if (code !== 1) throw new Error(`pathway ${args.join(" ")} exited ${code}`);
      return { wall, cpu: (cpu.user + cpu.system) / 1000 };
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const rounds = async (args: string[], n = 5) => {
      const first = await run(args);
      const rest: { wall: number; cpu: number }[] = [];
      for (let i = 0; i < n; i++) rest.push(await run(args));
      return { first: first.wall, wall: median(rest.map((r) => r.wall)), cpu: median(rest.map((r) => r.cpu)) };
    };
    try {
      const json = await rounds(["usage", "bench.json", "--format", "json"]);
      const text = await rounds(["usage", "bench.json"]);
      const one = await rounds(["usage", "bench.json", "--format", "json", "--concurrency", "1"], 3);
      const sixteen = await rounds(["usage", "bench.json", "--format", "json", "--concurrency", "16"], 3);
      // The checks alone: 200 configurations against the 1,000-node pathway (its analysis is made once and kept).
      const detail = {
        created_at: "2025-03-01T10:00:00.000Z",
        phone_number: "+14155550100",
        prompt: null,
        webhook: null,
        voice: 2,
        background_track: null,
        pathway_id: "bench",
        dynamic_data: null,
        max_duration: 30,
      };
      const checked = { where: "bench.json", value: pathway };
      const checks = timeMedian(() => {
        for (let i = 0; i < 200; i++) requests.checkInboundConfiguration(detail, { pathway: checked });
      });
      // The same with the analysis made for each configuration (a copy of the pathway each time): what the cache saves.
      const uncached = timeMedian(
        () => {
          for (let i = 0; i < 200; i++) requests.checkInboundConfiguration(detail, { pathway: { where: "bench.json", value: { ...pathway } } });
        },
        3,
        1,
      );
      return [
        {
          name: "usage, 200 numbers + 3 campaigns, --format json, wall",
          value: ms(json.wall),
          note: `1,000-node pathway, --concurrency 4; first run ${ms(json.first)}`,
        },
        { name: "  the tool's own CPU time (the fake runs in another process)", value: ms(json.cpu) },
        { name: "  text format, wall", value: ms(text.wall) },
        { name: "  --concurrency 1, wall", value: ms(one.wall) },
        { name: "  --concurrency 16, wall", value: ms(sixteen.wall) },
        { name: "200 configuration checks against the 1,000-node pathway", value: ms(checks), note: "in process, no HTTP; its analysis made once" },
        { name: "  the same, the analysis made for each check", value: ms(uncached), note: `${(uncached / checks).toFixed(0)}x` },
      ];
    } finally {
      fake.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
