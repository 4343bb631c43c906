// `createReport`: the file-level report operation: lint, diff against a base, coverage from a test run or scenarios, layout, HTML.
import { toCount } from "../../escape/count.js";
import path from "node:path";
import { toDirectedGraph } from "../../export/index.js";
import { chooseLayoutEngine, getGraphLayout, type GraphLayoutOptions } from "../../layout/index.js";
import { getFileLintSettings, lintPathway } from "../../lint/index.js";
import { isObject } from "../../model/pathway.js";
import { toReportData, toReportHtml, type ReportData } from "../../report/index.js";
import type { PathwayCoverage } from "../../simulate/index.js";
import { createLintConfigLoader, readJsonFile, toRelativePosix } from "../project/config.js";
import { toPathwayCoverage } from "../scenarios/coverage-file.js";
import { diffVersions } from "../release/diff-versions.js";
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { STDIN } from "../project/inputs.js";
import { requirePathway } from "../project/load-pathway.js";
import type { RemoteOptions } from "../project/remote-client.js";
import { loadRuleCatalogue } from "../check/rule-catalogue.js";
import { runScenarioFiles } from "../scenarios/run-scenarios.js";
import { getSlowLayoutWarning } from "./slow-layout.js";
import { getReportCalls } from "../calls/report.js";

/** Options of `createReport`; all optional. */
export interface ReportOptions {
  /** An older version to diff against: a file, or `remote:<id>` (read with `remote`). */
  base?: string;
  /** How to reach the service for a `remote:<id>` base. */
  remote?: RemoteOptions;
  /** The JSON printed by `pathway test --coverage --format json`. */
  coverage?: string;
  /** Call record files or folders: production coverage (colours) and per-node call counts (side panel). */
  calls?: readonly string[];
  /** With `calls`: the remote pathway id, so calls of other pathways are not mapped. */
  pathwayId?: string;
  /** Scenario files, directories or globs to run (with the simulator) for coverage. */
  scenarios?: string;
  /** A lint config file instead of the nearest pathway.config.json (--config). */
  config?: string;
  layout?: GraphLayoutOptions;
  /** Told at once, before the layout starts, when it will take long (with the faster engine to use). */
  onNotice?: (message: string) => void;
}

/** A report and what it holds, for the command's summary and `--format json`. */
export interface ReportResult {
  /** The pathway as the user named it. */
  path: string;
  html: string;
  data: ReportData;
  summary: { nodes: number; edges: number; findings: number; errors: number; engine: string; diff: boolean; coverage: boolean };
}

/** Picks the coverage entry of `path` from a `pathway test` JSON report: the one naming the same file, or the only one. */
function pickCoverage(report: unknown, path: string, file: string): PathwayCoverage {
  const list = isObject(report) && Array.isArray(report.coverage) ? (report.coverage as unknown[]) : undefined;
  if (!list || list.length === 0)
    throw new EngineError("input", `--coverage ${file} holds no coverage; run \`pathway test --coverage --format json > ${file}\`.`);
  const base = (p: string) => p.replace(/\\/g, "/").split("/").pop();
  const same = list.filter((c) => isObject(c) && typeof c.pathway === "string" && (c.pathway === path || base(c.pathway) === base(path)));
  const entry = same[0] ?? (list.length === 1 ? list[0] : undefined);
  if (!isObject(entry) || !isObject(entry.nodes) || !isObject(entry.edges) || !isObject(entry.globals)) {
    throw new EngineError(
      "input",
      `--coverage ${file} has no coverage for ${path} (it covers ${list.map((c) => (isObject(c) ? String(c.pathway) : "?")).join(", ")}).`,
    );
  }
  return toPathwayCoverage(entry, file, path);
}

function samePath(host: Host, a: string, b: string): boolean {
  return path.resolve(host.cwd, a) === path.resolve(host.cwd, b);
}

/**
 * Builds the report of the pathway `arg` names: lint findings with the file's config (as `pathway lint`), the diff
 * from `base` (a file or remote:<id>), coverage from a test report or from running `scenarios` with the simulator,
 * the layout (ELK, or ranks for huge graphs), and the self-contained page. Throws EngineError for an unusable input.
 */
export async function createReport(host: Host, arg: string, options: ReportOptions = {}): Promise<ReportResult> {
  if (options.coverage !== undefined && options.scenarios !== undefined) throw new EngineError("usage", "Give --coverage or --scenarios, not both.");
  if (options.calls !== undefined && (options.coverage !== undefined || options.scenarios !== undefined))
    throw new EngineError("usage", "Give --calls alone: it colours the page by recorded calls, as --coverage and --scenarios do by scenarios.");
  const loaded = await requirePathway(host, arg);
  const { config, root } = await createLintConfigLoader(host, {
    rules: (await loadRuleCatalogue()).all,
    ...(options.config !== undefined && { explicit: options.config }),
  })(loaded.file);
  const settings = getFileLintSettings(config, loaded.file === undefined ? STDIN : toRelativePosix(root, loaded.file));
  const lint = lintPathway(loaded.bytes ?? JSON.stringify(loaded.pathway), {
    rules: settings.rules,
    requestData: settings.requestData,
    systemVariables: settings.systemVariables,
    suppressions: settings.suppressions,
  });
  const pathway = loaded.pathway;
  let diff: Parameters<typeof toReportData>[0]["diff"];
  if (options.base !== undefined) {
    const versions = await diffVersions(host, options.base, arg, options.remote ?? {});
    diff = { base: options.base, diff: versions.diff };
  }
  let coverage: Parameters<typeof toReportData>[0]["coverage"];
  if (options.coverage !== undefined) {
    coverage = { source: options.coverage, coverage: pickCoverage(await readJsonFile(host, options.coverage, "--coverage"), loaded.path, options.coverage) };
  } else if (options.scenarios !== undefined) {
    const report = await runScenarioFiles(host, [options.scenarios], { coverage: true });
    const ran = report.results.filter((r) => r.pathway !== undefined && samePath(host, r.pathway, loaded.path));
    if (ran.length === 0) {
      // Nothing ran because nothing was read (a missing directory, a pathway given as a scenario): say that, not who is named.
      const unread = report.results.filter((r) => r.status === "error" && r.pathway === undefined);
      if (unread.length === report.results.length && unread[0]) {
        throw new EngineError("input", `--scenarios ${options.scenarios}: ${unread[0].failures[0]?.message ?? "no scenario could be read"}`);
      }
      const named = [...new Set(report.results.map((r) => r.pathway ?? r.file))].join(", ") || "nothing";
      throw new EngineError("input", `--scenarios ${options.scenarios}: no scenario there runs on ${loaded.path} (they name ${named}).`);
    }
    const entry = report.coverage?.find((c) => samePath(host, c.pathway, loaded.path));
    if (!entry) throw new EngineError("input", `--scenarios ${options.scenarios}: no coverage for ${loaded.path}.`);
    coverage = { source: `${toCount(ran.length, "scenario")} in ${options.scenarios}`, coverage: entry };
  }
  const calls = options.calls === undefined ? undefined : await getReportCalls(host, arg, pathway, options.calls, options.pathwayId);
  if (calls) coverage = { source: calls.source, coverage: calls.coverage };
  const graph = toDirectedGraph(pathway);
  const engine = options.layout?.engine === undefined || options.layout.engine === "auto" ? chooseLayoutEngine(graph) : options.layout.engine;
  // Said before the layout starts, so nobody waits without knowing why.
  const slow = getSlowLayoutWarning(loaded.path, graph, engine, options.layout?.timeoutMs ?? 120_000);
  if (slow !== undefined) options.onNotice?.(slow);
  const layout = await getGraphLayout(graph, options.layout ?? {});
  const data = toReportData({
    pathway,
    graph,
    layout,
    source: loaded.path,
    diagnostics: lint.diagnostics,
    ...(diff && { diff }),
    ...(coverage && { coverage }),
  });
  if (calls) for (const node of data.nodes) if (calls.counts[node.id]) node.calls = calls.counts[node.id];
  return {
    path: loaded.path,
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
