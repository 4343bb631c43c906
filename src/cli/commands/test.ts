// `pathway test`: runs scenario files against their pathways, prints a report (stylish, json, junit, tap) and coverage.
import type { Command } from "commander";
import { Option } from "commander";
import { stat } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { glob, isDynamicPattern } from "tinyglobby";
import type { TestCaseReport, TestCoverageReport, TestFormatter, TestReport, TestTraceEvent } from "../../format/test-report.js";
import type { Pathway } from "../../model/index.js";
import { decodeUtf8 } from "../../parse/index.js";
import type { Decider, FetchLike, ScenarioResult, Simulator } from "../../simulate/index.js";
import { readFileBounded } from "../../engine/read-file-bounded.js";
import { EXIT, ExitError } from "../exit.js";
import { describeFsError } from "../inputs.js";
import { checkPathway, loadPathway } from "../load-pathway.js";
import type { CliIo } from "../io.js";
import { useColor } from "../io.js";
import { writeFileAtomic } from "../write-file-atomic.js";

/** Scenario file name endings `pathway test` picks up in directories. */
export const SCENARIO_EXTENSIONS = [".scenario.yaml", ".scenario.yml", ".scenario.json"] as const;

const FORMATS = ["stylish", "json", "junit", "tap"] as const;

interface TestOptions {
  format: (typeof FORMATS)[number];
  color?: boolean;
  coverage?: boolean;
  minCoverage?: string;
  decider?: "scripted" | "keyword" | "llm";
  live?: boolean;
  output?: string;
  llmBaseUrl?: string;
  llmModel?: string;
}

/** Expands files, directories (searched for *.scenario.yaml/.yml/.json) and globs; a missing one is a usage error. */
export async function findScenarioFiles(args: readonly string[], cwd: string): Promise<string[]> {
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (f: string) => {
    const key = path.resolve(cwd, f);
    if (!seen.has(key)) {
      seen.add(key);
      files.push(f);
    }
  };
  for (const arg of args.length ? args : ["."]) {
    let isDir = false;
    let exists = false;
    try {
      const s = await stat(path.resolve(cwd, arg));
      exists = true;
      isDir = s.isDirectory();
    } catch {
      // Maybe a glob.
    }
    if (isDir || (!exists && isDynamicPattern(arg))) {
      const base = arg.replace(/\/+$/, "");
      const patterns = isDir ? SCENARIO_EXTENSIONS.map((e) => `${base === "." ? "" : base + "/"}**/*${e}`) : [arg];
      const found = (await glob(patterns, { cwd, ignore: ["**/node_modules/**", "**/.git/**"] })).sort();
      if (found.length === 0) {
        throw new ExitError(EXIT.failure, isDir ? `${arg}: no scenario files (*${SCENARIO_EXTENSIONS.join(", *")}) in this directory.` : `${arg}: the pattern matches no files; quote globs so the shell does not expand them.`);
      }
      found.forEach(add);
    } else if (exists) add(arg);
    else throw new ExitError(EXIT.failure, `${arg}: no such file or directory; check the path.`);
  }
  return files;
}

/** The llm decider from flags or PATHWAYKIT_LLM_BASE_URL / _MODEL / _API_KEY; undefined when not configured. */
export async function createLlmFromEnv(io: CliIo, flags: { llmBaseUrl?: string; llmModel?: string }): Promise<Decider | undefined> {
  const baseUrl = flags.llmBaseUrl ?? io.env.PATHWAYKIT_LLM_BASE_URL;
  const model = flags.llmModel ?? io.env.PATHWAYKIT_LLM_MODEL;
  if (!baseUrl || !model) return undefined;
  const { createLlmDecider } = await import("../../simulate/index.js");
  const apiKey = io.env.PATHWAYKIT_LLM_API_KEY;
  return createLlmDecider({ baseUrl, model, ...(apiKey && { apiKey }), fetch: globalThis.fetch as unknown as FetchLike });
}

async function getFormatter(name: TestOptions["format"]): Promise<TestFormatter> {
  if (name === "junit") return (await import("../../format/junit.js")).formatTestJunit;
  if (name === "tap") return (await import("../../format/tap.js")).formatTestTap;
  const m = await import("../../format/test-report.js");
  return name === "json" ? m.formatTestJson : m.formatTestStylish;
}

/** A path as the user should see it: relative to the working directory when inside it, else absolute. */
export function display(file: string, cwd: string): string {
  const rel = path.relative(cwd, path.resolve(cwd, file));
  return rel.startsWith("..") || path.isAbsolute(rel) ? file : rel.split(path.sep).join("/");
}

/** Runs every scenario file and returns the report (the same object `--format json` prints). */
export async function runTests(files: readonly string[], options: TestOptions, io: CliIo): Promise<TestReport> {
  const sim = await import("../../simulate/index.js");
  const llm = await createLlmFromEnv(io, options);
  if (options.decider === "llm" && !llm) throw new ExitError(EXIT.failure, "--decider llm needs a model endpoint: set PATHWAYKIT_LLM_BASE_URL and PATHWAYKIT_LLM_MODEL (and PATHWAYKIT_LLM_API_KEY), or --llm-base-url and --llm-model.");
  const override = options.decider === "llm" ? llm : options.decider === "keyword" ? sim.createKeywordDecider() : options.decider === "scripted" ? sim.createScriptedDecider() : undefined;
  const live = options.live ? sim.createLiveWebhooks({ fetch: globalThis.fetch as unknown as FetchLike }) : undefined;
  const pathways = new Map<string, { pathway?: Pathway; simulator?: Simulator; error?: string; traces: TestTraceEvent[][]; display: string }>();
  const results: TestCaseReport[] = [];
  const started = performance.now();
  for (const file of files) {
    const shown = display(file, io.cwd);
    const t0 = performance.now();
    const fail = (message: string, extra: Partial<TestCaseReport> = {}, issues?: { message: string; pointer: string; line?: number; column?: number }[]) =>
      results.push({ file: shown, name: path.basename(file), status: "error", durationMs: performance.now() - t0, failures: issues ?? [{ message, pointer: "" }], warnings: [], trace: [], ...extra });
    let bytes: Uint8Array;
    try {
      bytes = await readFileBounded(path.resolve(io.cwd, file), io.maxFileBytes);
    } catch (error) {
      fail(describeFsError(error, shown));
      continue;
    }
    // Strict, like validate: a lossy decode would turn a bad byte into U+FFFD and a confusing schema error later.
    const decoded = decodeUtf8(bytes);
    if (decoded.text === undefined) {
      const d = decoded.diagnostics.find((x) => x.severity === "error")!;
      fail(d.message, {}, [{ message: d.message, pointer: "", ...(d.range && { line: d.range.start.line, column: d.range.start.column }) }]);
      continue;
    }
    const loaded = sim.loadScenario(decoded.text);
    if (!loaded.ok) {
      fail(loaded.issues[0]!.message, {}, loaded.issues);
      continue;
    }
    const scenario = loaded.scenario;
    const pathwayFile = path.resolve(path.dirname(path.resolve(io.cwd, file)), scenario.pathway);
    let entry = pathways.get(pathwayFile);
    if (!entry) {
      entry = { traces: [], display: display(pathwayFile, io.cwd) };
      try {
        entry.pathway = (await loadPathway(entry.display, { cwd: io.cwd, maxBytes: io.maxFileBytes })).pathway;
        entry.simulator = sim.createSimulator(entry.pathway);
      } catch (error) {
        if (!(error instanceof ExitError)) throw error;
        entry.error = error.message;
      }
      pathways.set(pathwayFile, entry);
    }
    // A scenario with `start:` names its own first node; the others need the pathway's start node.
    let problem = entry.error;
    if (problem === undefined && scenario.start === undefined && entry.simulator?.startId === undefined) {
      try {
        checkPathway(entry.pathway, entry.display, { requireStart: true });
      } catch (error) {
        if (!(error instanceof ExitError)) throw error;
        problem = error.message;
      }
    }
    if (problem !== undefined || !entry.pathway) {
      const pos = loaded.locate(["pathway"]);
      fail(`${problem} (named by pathway: in the scenario)`, { name: scenario.name ?? path.basename(file), pathway: entry.display }, [{ message: `${problem}`, pointer: "/pathway", ...pos }]);
      continue;
    }
    const runOptions = { simulator: entry.simulator!, locate: loaded.locate, ...(llm && { llm }), ...(override && { decider: override }), ...(live && { webhook: live }) };
    const needsAsync = Boolean(live) || scenario.decider === "llm" || options.decider === "llm";
    const result: ScenarioResult = needsAsync ? await sim.runScenarioAsync(entry.pathway, scenario, runOptions) : sim.runScenario(entry.pathway, scenario, runOptions);
    const trace = result.trace as unknown as TestTraceEvent[];
    entry.traces.push(trace);
    results.push({
      file: shown,
      name: scenario.name ?? path.basename(file),
      pathway: entry.display,
      status: result.status,
      durationMs: performance.now() - t0,
      failures: result.failures,
      warnings: result.warnings,
      trace,
    });
  }
  const report: TestReport = {
    results,
    summary: {
      total: results.length,
      passed: results.filter((r) => r.status === "passed").length,
      failed: results.filter((r) => r.status === "failed").length,
      errors: results.filter((r) => r.status === "error").length,
      durationMs: performance.now() - started,
    },
  };
  if (options.coverage || options.minCoverage !== undefined) {
    let min: ReturnType<typeof sim.parseMinCoverage> = {};
    if (options.minCoverage !== undefined) {
      try {
        min = sim.parseMinCoverage(options.minCoverage);
      } catch (error) {
        throw new ExitError(EXIT.failure, `--min-coverage ${(error as Error).message}`);
      }
    }
    const coverage: TestCoverageReport[] = [];
    const shortfalls: string[] = [];
    for (const entry of pathways.values()) {
      if (!entry.pathway) continue;
      const cov = sim.getCoverage(entry.pathway, entry.traces as never);
      coverage.push({ pathway: entry.display, ...cov });
      for (const s of sim.getCoverageShortfalls(cov, min)) shortfalls.push(`${entry.display}: ${s}`);
    }
    report.coverage = coverage;
    if (options.minCoverage !== undefined) report.coverageFailures = shortfalls;
  }
  return report;
}

/** Registers `pathway test` on the program. */
export function register(program: Command, io: CliIo): void {
  program
    .command("test")
    .description("run scenario files (*.scenario.yaml) against their pathways: path taken, what was said, variables collected")
    .argument("[inputs...]", "scenario files, directories (searched for *.scenario.yaml/.yml/.json) or globs; default: the current directory")
    .addOption(new Option("-f, --format <name>", "report format").choices(FORMATS).default("stylish"))
    .option("--coverage", "print node, edge and global-entry coverage per pathway (untested kept apart from unreachable)")
    .option("--min-coverage <spec>", "fail (exit 1) below these percentages, e.g. nodes=90,edges=80,globals=100")
    .addOption(new Option("--decider <name>", "decide turns without take: this way in every scenario").choices(["scripted", "keyword", "llm"]))
    .option("--live", "call real webhook URLs for webhooks the scenario does not mock (off by default: mocks only)")
    .option("-o, --output <file>", "write the report to this file (atomically) instead of stdout")
    .option("--llm-base-url <url>", "OpenAI-compatible endpoint for the llm decider (default PATHWAYKIT_LLM_BASE_URL)")
    .option("--llm-model <name>", "model for the llm decider (default PATHWAYKIT_LLM_MODEL); the key comes from PATHWAYKIT_LLM_API_KEY")
    .option("--color", "force colours")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addHelpText(
      "after",
      `
Each scenario names its pathway (relative to the scenario file), gives the caller's turns and what to expect.
A failure shows the expected and actual values and the trace up to that point.

Exit codes: 0 all scenarios passed, 1 a scenario failed or coverage is below --min-coverage,
2 usage error, or a scenario (or its pathway) could not be read or is invalid.

Examples:
  $ pathway test pathways/scenarios/
  $ pathway test --coverage --min-coverage nodes=90,edges=80
  $ pathway test "test/**/*.scenario.yaml" --format junit -o reports/pathways.xml
  $ pathway test booking.scenario.yaml --format json | jq '.results[0].trace'`,
    )
    .action(async (inputs: string[], options: TestOptions) => {
      const files = await findScenarioFiles(inputs, io.cwd);
      const report = await runTests(files, options, io);
      const formatter = await getFormatter(options.format);
      const text = formatter(report, { color: options.output ? false : useColor(options.color, io), coverage: Boolean(options.coverage) });
      if (options.output) {
        try {
          await writeFileAtomic(path.resolve(io.cwd, options.output), text);
        } catch (error) {
          throw new ExitError(EXIT.failure, `cannot write ${options.output}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
        }
        const s = report.summary;
        io.stderr.write(`pathway test: ${s.passed} passed, ${s.failed} failed${s.errors ? `, ${s.errors} could not run` : ""}; report written to ${options.output}\n`);
      } else io.stdout.write(text);
      if (report.summary.errors > 0) io.setExitCode(EXIT.failure);
      else if (report.summary.failed > 0 || (report.coverageFailures?.length ?? 0) > 0) io.setExitCode(EXIT.findings);
    });
}
