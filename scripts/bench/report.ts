// Bench: report generation on 10k nodes as ratios to JSON.parse, ELK layout growth (to 2,000 nodes), and 500-node SVG vs mmdc.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { generatePathway } from "../generate-pathway.js";
import { loadShipped, ms, ratio, timeInTurns, type BenchRow, type BenchSuite } from "./measure.js";

const { toDirectedGraph, toMermaid } = await loadShipped<typeof import("../../src/export/index.js")>("export");
const { getElkLayout, getRankLayout, toSvg } = await loadShipped<typeof import("../../src/layout/index.js")>("layout");
const { toReportData, toReportHtml } = await loadShipped<typeof import("../../src/report/index.js")>("report");
const { getBrowserLocation, CHROMIUM_ARGS } = await loadShipped<typeof import("../../src/render/index.js")>("render");

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Wall and CPU milliseconds of one ELK layout (the worker's CPU is the process's, the main thread waits idle). */
async function timeElk(nodes: number, edges: number, timeoutMs: number, maxRoutedEdges?: number): Promise<{ wall: number; cpu: number } | { error: string }> {
  const graph = toDirectedGraph(generatePathway({ nodes, edges, seed: 7 }));
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  try {
    await getElkLayout(graph, { timeoutMs, ...(maxRoutedEdges !== undefined && { maxRoutedEdges }) });
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const cpu = process.cpuUsage(cpu0);
  return { wall: performance.now() - start, cpu: (cpu.user + cpu.system) / 1000 };
}

/** CPU time (user + system, ms) of one `pathway` run in a fresh node process, as the child reports it. */
function cliCpu(args: string[]): number | undefined {
  const main = path.join(ROOT, "dist/cli/main.js");
  const script = `const { main } = await import(${JSON.stringify(main)});\nawait main(${JSON.stringify(args)});\nconst u = process.resourceUsage();\nprocess.stderr.write("cpu " + (u.userCPUTime + u.systemCPUTime) + "\\n");`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    timeout: 600_000,
  });
  const m = /cpu (\d+)/.exec(child.stderr ?? "");
  return m ? Number(m[1]) / 1000 : undefined;
}

function run(command: string, args: string[], timeoutMs: number): { ms: number; ok: boolean; error?: string } {
  const start = performance.now();
  const r = spawnSync(command, args, { cwd: ROOT, encoding: "utf8", timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  const elapsed = performance.now() - start;
  if (r.status === 0) return { ms: elapsed, ok: true };
  return {
    ms: elapsed,
    ok: false,
    error: r.error
      ? String(r.error.message)
      : ((r.stderr || r.stdout)
          .split("\n")
          .find((l) => l.trim() !== "")
          ?.slice(0, 120) ?? `exit ${r.status}`),
  };
}

export const reportSuite: BenchSuite = {
  name: "report",
  async run() {
    const rows: BenchRow[] = [];
    const load = () => loadavg()[0]!.toFixed(1);
    rows.push({ name: "machine load average at start", value: load(), note: `${(await import("node:os")).cpus().length} cores` });

    // 10k nodes: the page from data (layout given), with the rank layout, against JSON.parse of the file.
    const big = generatePathway({ nodes: 10_000, edges: 30_000, seed: 1 });
    const text = JSON.stringify(big);
    const graph = toDirectedGraph(big);
    const ranks = getRankLayout(graph);
    const [parse, noLayout, withRanks] = timeInTurns(
      [
        () => JSON.parse(text),
        () => toReportHtml(toReportData({ pathway: big, graph: toDirectedGraph(big), layout: ranks })),
        () => {
          const g = toDirectedGraph(big);
          return toReportHtml(toReportData({ pathway: big, graph: g, layout: getRankLayout(g) }));
        },
      ] as const,
      5,
      1,
    );
    rows.push({ name: "10k nodes / 30k edges: JSON.parse", value: ms(parse), note: `${(text.length / 1e6).toFixed(1)} MB` });
    rows.push({ name: "10k: report without layout (graph + data + HTML) / JSON.parse", value: ratio(noLayout, parse), note: ms(noLayout) });
    rows.push({ name: "10k: report with the rank layout / JSON.parse", value: ratio(withRanks, parse), note: ms(withRanks) });
    const elk10k = await timeElk(10_000, 30_000, 60_000);
    rows.push({
      name: "10k: ELK layout",
      value: "error" in elk10k ? "gave up" : ms(elk10k.wall),
      note: "error" in elk10k ? `${elk10k.error}; auto uses ranks here` : undefined,
    });

    // ELK growth: every edge routed by ELK (125, 250 nodes at 3 edges per node), then the default, which above 600
    // edges places nodes by a spanning tree and draws the rest straight (125 ... 2,000 nodes).
    for (const [n, e] of [
      [125, 375],
      [250, 750],
    ] as const) {
      const t = await timeElk(n, e, 300_000, Number.POSITIVE_INFINITY);
      rows.push({
        name: `ELK, all edges routed, ${n} nodes / ${e} labelled edges`,
        value: "error" in t ? "gave up" : ms(t.wall),
        note: "error" in t ? t.error : `CPU ${ms(t.cpu)}, load ${load()}`,
      });
    }
    for (const [n, e] of [
      [125, 375],
      [250, 750],
      [500, 1_500],
      [1_000, 3_000],
      [2_000, 6_000],
    ] as const) {
      const t = await timeElk(n, e, 300_000);
      rows.push({
        name: `ELK default, ${n} nodes / ${e} labelled edges`,
        value: "error" in t ? "gave up" : ms(t.wall),
        note: "error" in t ? t.error : `CPU ${ms(t.cpu)}, load ${load()}`,
      });
    }
    const g2000 = toDirectedGraph(generatePathway({ nodes: 2_000, edges: 6_000, seed: 7 }));
    const [rank2000] = timeInTurns([() => getRankLayout(g2000)] as const, 5, 1);
    rows.push({ name: "rank layout, 2,000 nodes / 6,000 edges", value: ms(rank2000) });

    // 500 nodes to SVG: `pathway diagram --engine elk` against mmdc on the same pathway.
    const dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-bench-report-"));
    try {
      const p500 = generatePathway({ nodes: 500, edges: 1_500, seed: 7 });
      const input = path.join(dir, "p500.json");
      writeFileSync(input, JSON.stringify(p500));
      writeFileSync(path.join(dir, "p500.mmd"), toMermaid(toDirectedGraph(p500)));
      const browser = getBrowserLocation(process.env);
      writeFileSync(path.join(dir, "puppeteer.json"), JSON.stringify({ executablePath: browser.path, args: CHROMIUM_ARGS }));
      const ours = run(
        process.execPath,
        [path.join(ROOT, "bin/pathway.cjs"), "diagram", input, "-f", "svg", "--engine", "elk", "--timeout", "600", "-o", path.join(dir, "ours.svg")],
        620_000,
      );
      rows.push({ name: "500 nodes to SVG: pathway diagram --engine elk", value: ours.ok ? ms(ours.ms) : "failed", note: ours.error });
      const mmdcConfig = path.join(dir, "mermaid.json");
      writeFileSync(mmdcConfig, JSON.stringify({ maxEdges: 100_000, maxTextSize: 50_000_000 }));
      const mmdc = run(
        path.join(ROOT, "node_modules/.bin/mmdc"),
        ["-i", path.join(dir, "p500.mmd"), "-o", path.join(dir, "mmdc.svg"), "-p", path.join(dir, "puppeteer.json"), "-c", mmdcConfig],
        600_000,
      );
      rows.push({ name: "500 nodes to SVG: mmdc (Mermaid in Chromium)", value: mmdc.ok ? ms(mmdc.ms) : `failed after ${ms(mmdc.ms)}`, note: mmdc.error });
      if (ours.ok && mmdc.ok) rows.push({ name: "500 nodes: mmdc / ours", value: ratio(mmdc.ms, ours.ms) });
      // The SVG itself, from a ready layout: what toSvg costs.
      const g500 = toDirectedGraph(p500);
      const layout500 = getRankLayout(g500);
      const [svg500] = timeInTurns([() => toSvg(g500, layout500)] as const, 5, 1);
      rows.push({ name: "500 nodes: toSvg from a ready layout", value: ms(svg500) });
      // `pathway report` on the same 500 nodes: auto decides before laying out (ELK's picture would be thrown away
      // for the narrower ranks), so it costs what --engine ranks costs, with the same bytes. Three runs each, in turns.
      const reports: Record<"auto" | "ranks", number[]> = { auto: [], ranks: [] };
      for (let k = 0; k < 3; k++) {
        for (const engine of ["auto", "ranks"] as const) {
          const cpu = cliCpu(["report", input, "-o", path.join(dir, `report-${engine}.html`), "--engine", engine]);
          if (cpu !== undefined) reports[engine].push(cpu);
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      if (reports.auto.length === 3 && reports.ranks.length === 3) {
        const same = readFileSync(path.join(dir, "report-auto.html"), "utf8") === readFileSync(path.join(dir, "report-ranks.html"), "utf8");
        rows.push({
          name: "500 nodes: pathway report (auto), CPU",
          value: ms(median(reports.auto)),
          note: `runs ${reports.auto.map((x) => x.toFixed(0)).join(", ")} ms`,
        });
        rows.push({
          name: "500 nodes: pathway report --engine ranks, CPU",
          value: ms(median(reports.ranks)),
          note: `runs ${reports.ranks.map((x) => x.toFixed(0)).join(", ")} ms`,
        });
        rows.push({
          name: "500 nodes: report auto / --engine ranks",
          value: ratio(median(reports.auto), median(reports.ranks)),
          note: same ? "the same bytes" : "different bytes",
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    rows.push({ name: "machine load average at end", value: load() });
    return rows;
  },
};
