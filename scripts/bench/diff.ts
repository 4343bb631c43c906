// Bench: semantic diff of two versions of a generated 10,000-node pathway (~1% of nodes and edges edited) next to jsondiffpatch.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { create } from "jsondiffpatch";
import { createRandom, generatePathway } from "../generate-pathway.js";
import { loadShipped, ms, ratio, timeInTurns, timeMedian, type BenchSuite } from "./measure.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const { getPathwayDiff } = await loadShipped<typeof import("../../src/diff/index.js")>("diff");
const { diffFormatters } = await loadShipped<typeof import("../../src/format/index.js")>("format");
const { toCanonicalJson } = await loadShipped<typeof import("../../src/model/index.js")>("model");

type Obj = Record<string, unknown>;

/** A second version: ~1% of nodes edited (prompt, renamed id, removed, added) and ~1% of edges (label, removed, added, new id). */
export function createEditedVersion(pathway: unknown, seed = 7): Obj {
  const p = structuredClone(pathway) as { nodes: Obj[]; edges: Obj[] };
  const random = createRandom(seed);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const n = p.nodes.length;
  const e = p.edges.length;
  for (let i = 0; i < n * 0.004; i++) {
    const data = pick(p.nodes).data as Obj;
    data.prompt = `${String(data.prompt ?? "")} Please also confirm the caller's name.`;
  }
  for (let i = 0; i < n * 0.002; i++) {
    const node = pick(p.nodes);
    const from = node.id as string;
    node.id = `randomnode_${1700000000000 + i}`;
    for (const edge of p.edges) {
      if (edge.source === from) edge.source = node.id;
      if (edge.target === from) edge.target = node.id;
    }
  }
  for (let i = 0; i < n * 0.002; i++) p.nodes.splice(Math.floor(random() * p.nodes.length), 1);
  for (let i = 0; i < n * 0.002; i++)
    p.nodes.push({ id: `added-${i}`, type: "Default", data: { name: `Added ${i}`, prompt: "Ask whether there is anything else." } });
  for (let i = 0; i < e * 0.004; i++) pick(p.edges).label = `caller changed their mind ${i}`;
  for (let i = 0; i < e * 0.002; i++) p.edges.splice(Math.floor(random() * p.edges.length), 1);
  for (let i = 0; i < e * 0.002; i++) p.edges.push({ id: `new-edge-${i}`, source: pick(p.nodes).id, target: pick(p.nodes).id, label: `new route ${i}` });
  for (let i = 0; i < e * 0.002; i++) pick(p.edges).id = `reactflow__edge-regenerated-${i}`;
  return p;
}

const objectHash = (o: object, i?: number) => String((o as Obj).id ?? `$$index:${i}`);

/** The pair with nodes[] and edges[] turned into objects keyed by id: jsondiffpatch then needs no array LCS. */
function toKeyed(p: unknown): Obj {
  const { nodes, edges, ...rest } = p as { nodes: Obj[]; edges: Obj[] };
  return { ...rest, nodes: Object.fromEntries(nodes.map((n) => [String(n.id), n])), edges: Object.fromEntries(edges.map((e) => [String(e.id), e])) };
}

/** jsondiffpatch on the raw 10k pair, in a child process with a 1.5 GB heap and a time limit: its array LCS may not fit. */
function runJsondiffpatchChild(nodes: number): { ms?: number; failure?: string } {
  const child = spawnSync(process.execPath, ["--max-old-space-size=1536", "--import", "tsx", fileURLToPath(import.meta.url)], {
    env: { ...process.env, PATHWAYKIT_BENCH_CHILD: String(nodes) },
    encoding: "utf8",
    timeout: 120_000,
  });
  const m = /^jsondiffpatch-ms (\d+(\.\d+)?)$/m.exec(child.stdout ?? "");
  if (m) return { ms: Number(m[1]) };
  if (child.error) return { failure: `did not finish within 120 s` };
  return { failure: /heap out of memory/.test(child.stderr ?? "") ? "out of memory (1.5 GB heap)" : `exit ${child.status ?? child.signal}` };
}

if (process.env.PATHWAYKIT_BENCH_CHILD) {
  const a = generatePathway({ nodes: Number(process.env.PATHWAYKIT_BENCH_CHILD), seed: 1 });
  const b = createEditedVersion(a);
  const jdp = create({ objectHash, arrays: { detectMove: true } });
  const start = performance.now();
  jdp.diff(a, b);
  console.log(`jsondiffpatch-ms ${(performance.now() - start).toFixed(1)}`);
}

/** Median wall time of a command over `runs` runs (after one warm-up), in ms. */
function timeProcess(command: string, args: string[], runs = 5): number {
  spawnSync(command, args, { stdio: "ignore" });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    spawnSync(command, args, { stdio: "ignore" });
    times.push(performance.now() - start);
  }
  return times.sort((x, y) => x - y)[Math.floor(runs / 2)]!;
}

/**
 * The review formats on the 10k pair: diff plus text, md and json formatting, timed in turns (so the ratios compare
 * like with like), and the whole `pathway diff` process next to `git diff --no-index` of the same canonical files.
 */
function reviewRows(a: unknown, b: unknown): { name: string; value: string; note?: string }[] {
  const format = (name: string) => () => {
    const diff = getPathwayDiff(a, b);
    return diffFormatters[name]!({ diff, before: a, after: b, labelA: "a.json", labelB: "b.json" }, { color: false });
  };
  const [json, text, md] = timeInTurns([format("json"), format("text"), format("md")] as const, 7, 1);
  const dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-bench-diff-"));
  const fileA = path.join(dir, "a.json");
  const fileB = path.join(dir, "b.json");
  writeFileSync(fileA, toCanonicalJson(a));
  writeFileSync(fileB, toCanonicalJson(b));
  const bin = fileURLToPath(new URL("../../bin/pathway.cjs", import.meta.url));
  const ours = timeProcess(process.execPath, [bin, "diff", fileA, fileB, "--no-color"]);
  const oursMd = timeProcess(process.execPath, [bin, "diff", fileA, fileB, "--format", "md"]);
  const git = timeProcess("git", ["diff", "--no-index", "--no-color", fileA, fileB]);
  const textSize = format("text")().length;
  const mdSize = format("md")().length;
  rmSync(dir, { recursive: true, force: true });
  return [
    { name: "diff + --format json, 10k pair", value: ms(json) },
    { name: "diff + --format text, same pair", value: ms(text), note: `${textSize} characters` },
    { name: "diff + --format md, same pair", value: ms(md), note: `${mdSize} characters, limit 65536` },
    { name: "text / json (goal ≤ 2x)", value: ratio(text, json) },
    { name: "md / json (goal ≤ 2x)", value: ratio(md, json) },
    { name: "`pathway diff a.json b.json` (whole process)", value: ms(ours) },
    { name: "`pathway diff --format md` (whole process)", value: ms(oursMd) },
    { name: "`git diff --no-index` of the canonical files", value: ms(git) },
    { name: "pathway diff / git diff --no-index", value: ratio(ours, git) },
  ];
}

export const diffSuite: BenchSuite = {
  name: "diff",
  async run() {
    const a = generatePathway({ nodes: 10_000, seed: 1 });
    const b = createEditedVersion(a);
    const result = getPathwayDiff(a, b);
    const ours = timeMedian(() => getPathwayDiff(a, b), 5, 1);
    const layout = timeMedian(() => getPathwayDiff(a, b, { includeLayout: true }), 5, 1);
    const jdp = create({ objectHash, arrays: { detectMove: true } });
    const keyed = timeMedian(() => jdp.diff(toKeyed(a), toKeyed(b)), 5, 1);
    const raw = runJsondiffpatchChild(10_000);
    const small = { a: generatePathway({ nodes: 2_000, seed: 1 }), b: undefined as unknown };
    small.b = createEditedVersion(small.a);
    const oursSmall = timeMedian(() => getPathwayDiff(small.a, small.b), 5, 1);
    const rawSmall = timeMedian(() => jdp.diff(small.a, small.b), 1, 0);
    const s = result.summary;
    return [
      {
        name: "getPathwayDiff, 10k nodes / 30k edges, ~1% edited",
        value: ms(ours),
        note: `${result.changes.length} changes: ${s.nodesChanged} nodes changed, ${s.nodesRenamed} renamed, ${s.nodesAdded}/${s.nodesRemoved} added/removed, ${s.edgesChanged} edges changed, ${s.edgesAdded}/${s.edgesRemoved} added/removed`,
      },
      { name: "getPathwayDiff --include-layout, same pair", value: ms(layout) },
      { name: "jsondiffpatch, same pair as is (arrays, objectHash by id)", value: raw.ms !== undefined ? ms(raw.ms) : "failed", note: raw.failure },
      ...(raw.ms !== undefined ? [{ name: "getPathwayDiff / jsondiffpatch (as is)", value: ratio(ours, raw.ms) }] : []),
      { name: "jsondiffpatch, same pair keyed by id (nodes, edges as objects)", value: ms(keyed), note: "we do its array matching for it" },
      { name: "getPathwayDiff / jsondiffpatch (keyed)", value: ratio(ours, keyed) },
      { name: "getPathwayDiff, 2k nodes / 6k edges, ~1% edited", value: ms(oursSmall) },
      { name: "jsondiffpatch, same 2k pair as is", value: ms(rawSmall) },
      { name: "getPathwayDiff / jsondiffpatch (2k, as is)", value: ratio(oursSmall, rawSmall) },
      ...reviewRows(a, b),
    ];
  },
};
