// `createReport`: the file-level report operation: lint, diff against a base, coverage from a test run or scenarios, layout, HTML.
import { getPathwayDiff } from "../diff/index.js";
import { toDirectedGraph } from "../export/index.js";
import { getGraphLayout, type GraphLayoutOptions } from "../layout/index.js";
import { lintPathway, type LintOptions } from "../lint/index.js";
import { isObject, type Pathway } from "../model/index.js";
import { toReportData, toReportHtml, type ReportCoverage, type ReportData } from "../report/index.js";
import { createSimulator, getCoverage, loadScenario, runScenario } from "../simulate/index.js";

/** What the report operation reads files through (the CLI passes node:fs; tests pass a map). */
export interface ReportHost {
  readFile(path: string): Promise<Uint8Array>;
  /** Files under `dir` whose names end in one of `suffixes`, sorted. */
  listFiles(dir: string, suffixes: readonly string[]): Promise<string[]>;
}

/** Options of `createReport`. */
export interface ReportOptions {
  /** The pathway file, as named to the user. */
  path: string;
  /** Its bytes. */
  bytes: Uint8Array;
  /** An older version (a file) to diff against. */
  base?: string;
  /** The JSON printed by `pathway test --format json --coverage`. */
  coverage?: string;
  /** A directory of scenario files to run on the pathway for coverage. */
  scenarios?: string;
  /** Lint settings, as `pathway lint` resolves them for this file. */
  lint?: LintOptions;
  layout?: GraphLayoutOptions;
}

/** A report and what it holds, for the command's summary and `--format json`. */
export interface ReportResult {
  html: string;
  data: ReportData;
  summary: { nodes: number; edges: number; findings: number; errors: number; engine: string; diff: boolean; coverage: boolean };
}

/** A problem with an input of the report (unreadable, not JSON, not a pathway...): the message says which and what to do. */
export class ReportInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReportInputError";
  }
}

const SCENARIO_SUFFIXES = [".scenario.yaml", ".scenario.yml", ".scenario.json"] as const;

async function readText(host: ReportHost, file: string, what: string): Promise<string> {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await host.readFile(file)).replace(/^\uFEFF/, "");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ReportInputError(`${what} ${file}: ${code === "ENOENT" ? "no such file" : code ? `cannot be read (${code})` : "is not UTF-8 text"}; check the path.`);
  }
}

function parseJson(text: string, file: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ReportInputError(`${what} ${file} is not valid JSON (${(error as Error).message}); give ${what === "--base" ? "a pathway file" : "the output of `pathway test --coverage --format json`"}.`);
  }
}

/** Picks the coverage entry of `path` from a `pathway test` JSON report: the one naming the same file, or the only one. */
function pickCoverage(report: unknown, path: string, file: string): ReportCoverage {
  const list = isObject(report) && Array.isArray(report.coverage) ? (report.coverage as unknown[]) : undefined;
  if (!list || list.length === 0) throw new ReportInputError(`--coverage ${file} holds no coverage; run \`pathway test --coverage --format json > ${file}\`.`);
  const base = (p: string) => p.replace(/\\/g, "/").split("/").pop();
  const same = list.filter((c) => isObject(c) && typeof c.pathway === "string" && (c.pathway === path || base(c.pathway) === base(path)));
  const entry = same[0] ?? (list.length === 1 ? list[0] : undefined);
  if (!isObject(entry) || !isObject(entry.nodes) || !isObject(entry.edges) || !isObject(entry.globals)) {
    throw new ReportInputError(`--coverage ${file} has no coverage for ${path} (it covers ${list.map((c) => (isObject(c) ? String(c.pathway) : "?")).join(", ")}).`);
  }
  return entry as unknown as ReportCoverage;
}

/**
 * Builds the report of one pathway: lint findings with the given settings, the diff from `base`, coverage from a
 * test report or from running every scenario in `scenarios` on this pathway, the layout (ELK, or ranks for huge
 * graphs), and the self-contained page. Throws ReportInputError for an input that cannot be used.
 */
export async function createReport(options: ReportOptions, host: ReportHost): Promise<ReportResult> {
  const lint = lintPathway(options.bytes, options.lint ?? {});
  if (!isObject(lint.value) || !Array.isArray(lint.value.nodes)) {
    const first = lint.diagnostics.find((d) => d.severity === "error");
    throw new ReportInputError(`${options.path}: not a pathway${first ? ` (${first.message})` : ""}; run \`pathway validate ${options.path}\` to see why.`);
  }
  const pathway = lint.value as Pathway;
  let diff: Parameters<typeof toReportData>[0]["diff"];
  if (options.base !== undefined) {
    const before = parseJson(await readText(host, options.base, "--base"), options.base, "--base");
    if (!isObject(before) || !Array.isArray(before.nodes)) throw new ReportInputError(`--base ${options.base}: not a pathway (no "nodes" array).`);
    diff = { base: options.base, diff: getPathwayDiff(before, pathway) };
  }
  let coverage: Parameters<typeof toReportData>[0]["coverage"];
  if (options.coverage !== undefined) {
    coverage = { source: options.coverage, coverage: pickCoverage(parseJson(await readText(host, options.coverage, "--coverage"), options.coverage, "--coverage"), options.path, options.coverage) };
  } else if (options.scenarios !== undefined) {
    const files = await host.listFiles(options.scenarios, SCENARIO_SUFFIXES);
    if (files.length === 0) throw new ReportInputError(`--scenarios ${options.scenarios}: no scenario files (*${SCENARIO_SUFFIXES.join(", *")}) there.`);
    const simulator = createSimulator(pathway);
    const traces = [];
    for (const file of files) {
      const loaded = loadScenario(await readText(host, file, "scenario"));
      if (!loaded.ok) throw new ReportInputError(`${file}: ${loaded.issues[0]?.message ?? "not a scenario"}; run \`pathway test ${file}\` to see why.`);
      traces.push(runScenario(pathway, loaded.scenario, { simulator, locate: loaded.locate }).trace);
    }
    coverage = { source: `${files.length} scenario${files.length === 1 ? "" : "s"} in ${options.scenarios}`, coverage: getCoverage(pathway, traces) };
  }
  const graph = toDirectedGraph(pathway);
  const layout = await getGraphLayout(graph, options.layout ?? {});
  const data = toReportData({ pathway, graph, layout, source: options.path, diagnostics: lint.diagnostics, ...(diff && { diff }), ...(coverage && { coverage }) });
  return {
    html: toReportHtml(data),
    data,
    summary: {
      nodes: data.nodes.length,
      edges: data.edges.length,
      findings: data.findings.length,
      errors: data.findings.filter((f) => f.severity === "error").length,
      engine: layout.engine,
      diff: diff !== undefined,
      coverage: coverage !== undefined,
    },
  };
}
