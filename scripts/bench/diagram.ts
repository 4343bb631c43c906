// Bench: 20 pathways to SVG in one `pathway diagram` call against 20 `npx mmdc` runs, and Mermaid export of 10k nodes.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { generatePathway } from "../generate-pathway.js";
import { loadShipped, ms, ratio, timeMedian, type BenchSuite } from "./measure.js";

const { toDirectedGraph, toMermaid } = await loadShipped<typeof import("../../src/export/index.js")>("export");
const { getBrowserLocation, CHROMIUM_ARGS } = await loadShipped<typeof import("../../src/render/index.js")>("render");

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function run(command: string, args: string[], env: NodeJS.ProcessEnv): number {
  const start = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const elapsed = performance.now() - start;
  if (result.status !== 0)
    throw new Error(`${command} ${args.slice(0, 3).join(" ")} exited ${result.status}: ${(result.stderr || result.stdout).slice(0, 400)}`);
  return elapsed;
}

export const diagramSuite: BenchSuite = {
  name: "diagram",
  async run() {
    const bin = path.join(ROOT, "bin/pathway.cjs");
    if (!existsSync(path.join(ROOT, "dist/bundle/main.cjs"))) throw new Error("run `npm run build` first (the bench runs the built `pathway` executable)");
    const browser = getBrowserLocation(process.env);
    const env = { ...process.env, PATHWAYKIT_CHROMIUM: browser.path };
    const dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-bench-diagram-"));
    try {
      const inputs = path.join(dir, "pathways");
      mkdirSync(inputs);
      const mmd: string[] = [];
      for (let i = 0; i < 20; i++) {
        const pathway = generatePathway({ nodes: 15 + i, edges: Math.round((15 + i) * 1.4), seed: i + 1 });
        writeFileSync(path.join(inputs, `p${i}.json`), JSON.stringify(pathway));
        const file = path.join(dir, `p${i}.mmd`);
        writeFileSync(file, toMermaid(toDirectedGraph(pathway)));
        mmd.push(file);
      }
      const puppeteerConfig = path.join(dir, "puppeteer.json");
      writeFileSync(puppeteerConfig, JSON.stringify({ executablePath: browser.path, args: CHROMIUM_ARGS }));

      const ours: number[] = [];
      for (let round = 0; round < 2; round++) {
        ours.push(run(process.execPath, [bin, "diagram", inputs, "-f", "svg", "-o", path.join(dir, `out${round}`)], env));
      }
      const oneCall = Math.min(...ours);
      // mermaid-cli's own API with one shared browser: a new page and a fresh Mermaid load per diagram.
      const { renderMermaid } = await import("@mermaid-js/mermaid-cli");
      const { default: puppeteer } = await import("puppeteer");
      const apiStart = performance.now();
      const shared = await puppeteer.launch({ executablePath: browser.path, headless: true, args: [...CHROMIUM_ARGS] });
      try {
        for (const file of mmd) await renderMermaid(shared, readFileSync(file, "utf8"), "svg");
      } finally {
        await shared.close();
      }
      const apiTime = performance.now() - apiStart;
      let separate = 0;
      for (const file of mmd)
        separate += run("npx", ["--no-install", "mmdc", "-q", "-i", file, "-o", file.replace(/\.mmd$/, ".svg"), "-p", puppeteerConfig], env);

      const text = JSON.stringify(generatePathway({ nodes: 10_000, edges: 30_000 }), null, 2);
      const parse = timeMedian(() => JSON.parse(text));
      const value = JSON.parse(text) as Parameters<typeof toDirectedGraph>[0];
      const exportTime = timeMedian(() => toMermaid(toDirectedGraph(value)));
      const mermaidSize = toMermaid(toDirectedGraph(value)).length;
      return [
        { name: "pathway diagram: 20 pathways to SVG, one call", value: ms(oneCall), note: "best of 2, one browser" },
        { name: "npx mmdc: the same 20 .mmd files, 20 runs", value: ms(separate), note: `${ms(separate / 20)} each` },
        { name: "speed-up of one call (aim: at least 5x)", value: ratio(separate, oneCall) },
        { name: "mermaid-cli renderMermaid, one browser, in process", value: ms(apiTime), note: `${ratio(separate, apiTime)} vs mmdc; new page per diagram` },
        { name: "JSON.parse, 10k nodes / 30k edges", value: ms(parse), note: `${(text.length / 1e6).toFixed(1)} MB` },
        { name: "toDirectedGraph + toMermaid, same pathway", value: ms(exportTime), note: `${(mermaidSize / 1e6).toFixed(1)} MB of Mermaid` },
        { name: "Mermaid export / JSON.parse", value: ratio(exportTime, parse) },
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
