// `runScenarioFiles`: runs scenario files against their pathways and returns the report (results, summary, coverage).
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Pathway } from "../../model/index.js";
import { decodeUtf8 } from "../../parse/index.js";
import type { ScenarioResult, Simulator, TestCaseReport, TestCoverageReport, TestReport, TraceEvent } from "../../simulate/index.js";
import { summarizeResults } from "../../simulate/test-report.js";
import * as sim from "../../simulate/index.js";
import { MAX_REPEAT } from "./limits.js";
import { toCappedFetch } from "../../host/capped-fetch.js";
import { findProjectRoot, resolveInsideRoot } from "../../host/confine-path.js";
import { EngineError } from "../../host/errors.js";
import { describeFsError } from "../../host/fs-errors.js";
import type { Host } from "../../host/host.js";
import { displayPath, expandInputs } from "../project/inputs.js";
import { resolveLiveTarget, type LiveContext } from "../project/live-target.js";
import { describeVersionMismatch, resolveVersion, type ResolvedVersion, type VersionSpec } from "../project/live-version.js";
import { loadManifest } from "../project/manifest.js";
import { readMocks } from "../project/read-mocks.js";
import { toRealPath } from "../../host/real-path.js";
import type { ProgressEvent } from "../progress.js";
import { createClient, loadRemote, type RemoteOptions } from "../project/remote-client.js";
import { describeLoadFailure, getPathwayProblem, isPathway, loadPathwayFile } from "../project/load-pathway.js";
import { createPersonaRun, getMissingModel } from "./persona-job.js";
import { createPersonaModels, type PersonaModelOptions, type PersonaModelSet } from "./persona-models.js";
import { runJobs, type Job } from "./run-jobs.js";
import { isBlandTestsText, readBlandTestsFile } from "./bland-tests-file.js";
import { createLlmDeciderFromEnv, LLM_NOT_CONFIGURED } from "./llm-decider-env.js";

/** Options of `runScenarioFiles`; all optional. The models' (PersonaModelOptions) play persona scenarios. */
export interface RunScenariosOptions extends PersonaModelOptions {
  /** A cap on every persona scenario's turns, below its own max_turns. Default: each scenario's (20 when it says none). */
  maxTurns?: number;
  /** Check persona scenarios (their file and pathway) but leave their runs out: the editor and coverage never call a model. Default false. */
  skipPersonas?: boolean;
  /** Decide turns without `take:` this way in every scenario. Default: each scenario's own decider. */
  decider?: "scripted" | "keyword" | "llm";
  /** Call real webhook URLs for webhooks a scenario does not mock. Default false (mocks only). */
  liveWebhooks?: boolean;
  /** Run against the service's text chat instead of the simulator (see LiveOptions). Default false. */
  live?: boolean;
  /** With `live`: the remote pathway, else each scenario's pathway file's manifest entry. */
  pathwayId?: string;
  /** Only the scenarios whose `pathway:` is this file (absolute); the others are left out of the report. Default: all. */
  onlyPathway?: string;
  /** With `live` or `compare`: the saved version to chat with (`draft`: the manifest's). Default: production, as the chat does without one. */
  pathwayVersion?: VersionSpec;
  /** With `live`: how to reach the service. */
  remote?: RemoteOptions;
  /** Runs of each scenario, 1 to MAX_REPEAT. Default 1. */
  repeat?: number;
  /** Live runs at a time, across scenarios and their repeats. Default 4. */
  concurrency?: number;
  /** A repeated scenario fails below this pass rate (0..1). Default 1: every run must pass. */
  minPassRate?: number;
  /** Run offline and live and report, per turn, where they part. */
  compare?: boolean;
  /** Work out coverage per pathway. Default false (true when minCoverage is given). */
  coverage?: boolean;
  /** Fail below these percentages, e.g. "nodes=90,edges=80,globals=100". */
  minCoverage?: string;
  /** OpenAI-compatible endpoint for the llm decider. Default $PATHWAYKIT_LLM_BASE_URL. */
  llmBaseUrl?: string;
  /** Model for the llm decider. Default $PATHWAYKIT_LLM_MODEL (the key comes from $PATHWAYKIT_LLM_API_KEY). */
  llmModel?: string;
  /** Watch mode: run only the scenario files (absolute) this accepts. Default: every scenario found. */
  only?: (scenarioFile: string) => boolean;
  /** Told each file (absolute) a scenario reads besides itself: its pathway and mocks (watch mode re-runs it when they change). */
  onRead?: (scenarioFile: string, file: string) => void;
  /** Called as each scenario that could run has finished all its runs (`total`: how many could run). */
  onProgress?: (event: ProgressEvent) => void;
}

export { MAX_REPEAT } from "./limits.js";

/** True when `text` is JSON holding a pathway. */
function looksLikePathway(text: string): boolean {
  try {
    return isPathway(JSON.parse(text));
  } catch {
    return false;
  }
}

/**
 * Runs every scenario the arguments name (files, directories searched for *.scenario.yaml/.yml/.json, globs; none:
 * the working directory) and returns the report, the same object `pathway test --format json` prints. A scenario or
 * pathway that cannot be read or is invalid is a result with status "error"; the others still run.
 */
export async function runScenarioFiles(host: Host, args: readonly string[], options: RunScenariosOptions = {}): Promise<TestReport> {
  const repeat = options.repeat ?? 1;
  if (!Number.isInteger(repeat) || repeat < 1 || repeat > MAX_REPEAT)
    throw new EngineError("usage", `--repeat ${repeat}: expected a whole number from 1 to ${MAX_REPEAT}.`);
  const llm = await createLlmDeciderFromEnv(host, { ...options, maxResponseBytes: options.remote?.maxResponseBytes });
  if (options.decider === "llm" && !llm) throw new EngineError("config", LLM_NOT_CONFIGURED);
  const override =
    options.decider === "llm"
      ? llm
      : options.decider === "keyword"
        ? sim.createKeywordDecider()
        : options.decider === "scripted"
          ? sim.createScriptedDecider()
          : undefined;
  const live = options.liveWebhooks ? sim.createLiveWebhooks({ fetch: toCappedFetch(host, options.remote?.maxResponseBytes) }) : undefined;
  const pathways = new Map<string, { pathway?: Pathway; simulator?: Simulator; error?: string; traces: TraceEvent[][]; display: string }>();
  // In file order: a result for each scenario that could not run, a job for each that can.
  const slots: (TestCaseReport | Job)[] = [];
  let liveContext: LiveContext | undefined;
  let personaModels: Promise<PersonaModelSet> | undefined;
  if (options.pathwayVersion !== undefined && !options.live && !options.compare)
    throw new EngineError("usage", "--pathway-version names the saved version a live run chats with: add --live or --compare.");
  // Each (pathway, file) pair's version is read back once, however many scenarios run on it.
  const versions = new Map<string, Promise<ResolvedVersion>>();
  // A suite's shared mocks file is read once, however many scenarios name it.
  const mocksFiles = new Map<string, Promise<Awaited<ReturnType<typeof readMocks>>>>();
  // Scenarios name their pathway and mocks relative to themselves; they may reach only inside their project.
  const roots = new Map<string, Promise<string>>();
  const confine = async (scenarioFile: string, dir: string, named: string) => {
    let root = roots.get(dir);
    if (!root) roots.set(dir, (root = findProjectRoot(host, scenarioFile)));
    const shown = displayPath(host.cwd, await root);
    return resolveInsideRoot(host, await root, named, {
      base: dir,
      rootName: shown === "" || shown === "." ? "the project folder (the working directory)" : `the project folder ${shown}`,
    });
  };
  const started = performance.now();
  const skipped: string[] = [];
  for (const ref of await expandInputs(host, "scenario", args.length ? args : ["."])) {
    if (ref.skipped) {
      skipped.push(`${ref.path}: ${ref.problem!.message}`);
      continue;
    }
    const file = ref.file ?? ref.path;
    if (options.only && !options.only(path.resolve(host.cwd, file))) continue;
    const shown = displayPath(host.cwd, file);
    const t0 = performance.now();
    const fail = (message: string, extra: Partial<TestCaseReport> = {}, issues?: { message: string; pointer: string; line?: number; column?: number }[]) =>
      slots.push({
        file: shown,
        name: path.basename(file),
        status: "error",
        durationMs: performance.now() - t0,
        failures: issues ?? [{ message, pointer: "" }],
        warnings: [],
        trace: [],
        ...extra,
      });
    if (ref.problem) {
      fail(ref.problem.message);
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = await host.readFile(file);
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
    // Names in a scenario are relative to the folder it really is in (as `scenarios generate` writes them), also when
    // it is read through a symlinked folder.
    const scenarioDir = path.dirname(await toRealPath(host, path.resolve(host.cwd, file)));
    const loaded = sim.loadScenario(decoded.text);
    let bland: Awaited<ReturnType<typeof readBlandTestsFile>> | undefined;
    if (!loaded.ok) {
      // A pathway named where a scenario belongs gets the one answer to "is this a pathway?", not a schema error.
      if (looksLikePathway(decoded.text)) {
        fail(
          `${shown}: this is a pathway, not a scenario; a scenario file (*.scenario.yaml) names its pathway with \`pathway: ${path.basename(file)}\`. Write one, or generate them with \`pathway scenarios generate ${shown} -o <dir>\`.`,
        );
        continue;
      }
      // bland-cli's tests/test-cases.yaml: its tests are persona scenarios on the project's pathway.
      if (isBlandTestsText(decoded.text)) bland = await readBlandTestsFile(host, file, decoded.text, scenarioDir);
      if (bland && "problem" in bland) {
        fail(bland.problem, {}, bland.issues ?? [{ message: bland.problem, pointer: "" }]);
        continue;
      }
      if (!bland) {
        fail(loaded.issues[0]!.message, {}, loaded.issues);
        continue;
      }
    }
    /** Prepares one scenario of the file (a bland-cli test-cases file holds several): a job, or a result saying why not. */
    const addScenario = async (loadedScenario: sim.Scenario, locate: sim.ScenarioLocator, given?: { pathway: Pathway; pathwayId?: string }): Promise<void> => {
      let scenario = loadedScenario;
      /** The file a scenario field names, inside the project; undefined (the scenario failed, saying why) when it leaves. */
      const named = async (field: "pathway" | "mocks", value: string): Promise<string | undefined> => {
        const confined = await confine(file, scenarioDir, value);
        options.onRead?.(path.resolve(host.cwd, file), confined.ok ? confined.path : path.resolve(scenarioDir, value));
        if (confined.ok) return confined.path;
        const problem = `${field}: ${JSON.stringify(value)} ${confined.reason}. Nothing was read from it.`;
        fail(problem, { name: scenario.name ?? path.basename(file) }, [{ message: problem, pointer: `/${field}`, ...locate([field]) }]);
        return undefined;
      };
      if (scenario.mocks !== undefined) {
        const mocksFile = await named("mocks", scenario.mocks);
        if (mocksFile === undefined) return;
        let mocks = mocksFiles.get(mocksFile);
        if (!mocks) mocksFiles.set(mocksFile, (mocks = readMocks(host, mocksFile)));
        const read = await mocks;
        if ("problem" in read) {
          fail(read.problem, { name: scenario.name ?? path.basename(file) }, [{ message: read.problem, pointer: "/mocks", ...locate(["mocks"]) }]);
          return;
        }
        // The shared answers first; the scenario's own win.
        scenario = { ...scenario, webhooks: { ...read.webhooks, ...scenario.webhooks } };
      }
      const pathwayFile = await named("pathway", scenario.pathway);
      if (pathwayFile === undefined) return;
      if (options.onlyPathway !== undefined && pathwayFile !== options.onlyPathway) return;
      let entry = pathways.get(pathwayFile);
      if (!entry) {
        entry = { traces: [], display: displayPath(host.cwd, pathwayFile) };
        const loadedPathway = given ? { pathway: given.pathway } : await loadPathwayFile(host, entry.display);
        if (loadedPathway.pathway) {
          entry.pathway = loadedPathway.pathway;
          entry.simulator = sim.createSimulator(entry.pathway);
        } else entry.error = describeLoadFailure(loadedPathway as Awaited<ReturnType<typeof loadPathwayFile>>);
        pathways.set(pathwayFile, entry);
      }
      // A scenario with `start:` names its own first node; the others need the pathway's start node.
      let problem = entry.error;
      if (problem === undefined && scenario.start === undefined && entry.simulator?.startId === undefined) {
        const missing = getPathwayProblem(entry.pathway, entry.display, { requireStart: true });
        if (missing) problem = describeLoadFailure({ path: entry.display, diagnostics: [missing] });
      }
      if (problem !== undefined || !entry.pathway) {
        const pos = locate(["pathway"]);
        fail(`${problem} (named by pathway: in the scenario)`, { name: scenario.name ?? path.basename(file), pathway: entry.display }, [
          { message: `${problem}`, pointer: "/pathway", ...pos },
        ]);
        return;
      }
      const runOptions = {
        simulator: entry.simulator!,
        locate: locate,
        ...(llm && { llm }),
        ...(override && { decider: override }),
        ...(live && { webhook: live }),
      };
      const needsAsync = Boolean(live) || scenario.decider === "llm" || options.decider === "llm";
      let models: PersonaModelSet | undefined;
      if (scenario.persona !== undefined) {
        if (options.skipPersonas) return;
        // Made once, when the first persona scenario needs them: a run of scripted scenarios needs no model or key.
        models = await (personaModels ??= createPersonaModels(host, options, options.remote?.maxResponseBytes));
        const missing = getMissingModel(models, scenario, Boolean(options.live || options.compare));
        if (missing) {
          fail(missing, { name: scenario.name ?? path.basename(file), pathway: entry.display }, [
            { message: missing, pointer: "/persona", ...locate(["persona"]) },
          ]);
          return;
        }
      }
      const persona = {
        pathway: entry.pathway,
        scenario,
        simulator: entry.simulator!,
        locate: locate,
        ...(options.maxTurns !== undefined && { maxTurns: options.maxTurns }),
        ...(live && { webhook: live }),
      };
      const offline: () => Promise<ScenarioResult> | ScenarioResult = models
        ? createPersonaRun(models, persona)
        : () => (needsAsync ? sim.runScenarioAsync(entry.pathway!, scenario, runOptions) : sim.runScenario(entry.pathway!, scenario, runOptions));
      let runOnce: () => Promise<ScenarioResult> | ScenarioResult = offline;
      const liveWarnings: string[] = [];
      let tested: ResolvedVersion["tested"] | undefined;
      if (options.live || options.compare) {
        if (!liveContext) {
          const manifest = await loadManifest(host);
          const client = await createClient(host, options.remote ?? {}, manifest);
          if (!client.config.apiKey)
            throw new EngineError(
              "config",
              `--${options.live ? "live" : "compare"} talks to the service's chat: set PATHWAYKIT_API_KEY to the key from the service's dashboard.`,
            );
          liveContext = { manifest, client, checked: new Map() };
        }
        const spec = options.pathwayVersion;
        const target = await resolveLiveTarget(host, liveContext, pathwayFile, entry.pathway, options.pathwayId ?? given?.pathwayId, {
          compare: spec === undefined,
        });
        if ("error" in target) {
          fail(target.error, { name: scenario.name ?? path.basename(file), pathway: entry.display });
          return;
        }
        liveWarnings.push(...target.warnings);
        const { client, manifest } = liveContext;
        let resolved: ResolvedVersion | undefined;
        if (spec !== undefined) {
          const key = `${target.id}\n${pathwayFile}`;
          if (!versions.has(key)) versions.set(key, resolveVersion(host, client, manifest, target.id, spec, pathwayFile));
          try {
            resolved = await versions.get(key)!;
          } catch (error) {
            if (!(error instanceof EngineError) || error.kind !== "input") throw error;
            fail(error.message, { name: scenario.name ?? path.basename(file), pathway: entry.display });
            return;
          }
          const { getContentHash } = await loadRemote();
          const mismatch = describeVersionMismatch(resolved.tested, target.id, entry.display, getContentHash(entry.pathway as Record<string, unknown>));
          liveWarnings.push(...resolved.warnings, ...(mismatch ? [mismatch] : []));
        }
        const pathway = entry.pathway;
        const simulator = entry.simulator!;
        const pathwayVersion = resolved?.send;
        runOnce = models
          ? createPersonaRun(models, { ...persona, live: { chat: client, pathwayId: target.id, ...(pathwayVersion !== undefined && { pathwayVersion }) } })
          : () =>
              sim.runScenarioLive(pathway, scenario, client, {
                pathwayId: target.id,
                simulator,
                locate: locate,
                ...(pathwayVersion !== undefined && { pathwayVersion }),
              });
        tested = resolved?.tested;
      }
      slots.push({
        shown,
        name: scenario.name ?? path.basename(file),
        entry,
        scenario,
        runOnce,
        offline,
        liveWarnings,
        ...(tested && { tested }),
        preparedMs: performance.now() - t0,
        ...((models || options.live || options.compare) && { networked: true }),
      });
    };
    if (bland && "tests" in bland) {
      for (const test of bland.tests) await addScenario(test.scenario, test.locate, bland.project);
      continue;
    }
    if (loaded.ok) await addScenario(loaded.scenario, loaded.locate);
  }
  const results = await runJobs(slots, options);
  const report: TestReport = {
    results,
    summary: { ...summarizeResults(results, started), ...(personaModels && { tokens: (await personaModels).spent() }) },
    ...(skipped.length > 0 && { skipped }),
  };
  if (options.coverage || options.minCoverage !== undefined) {
    let min: ReturnType<typeof sim.parseMinCoverage> = {};
    if (options.minCoverage !== undefined) {
      try {
        min = sim.parseMinCoverage(options.minCoverage);
      } catch (error) {
        throw new EngineError("usage", `--min-coverage ${(error as Error).message}`);
      }
    }
    const coverage: TestCoverageReport[] = [];
    const shortfalls: string[] = [];
    for (const entry of pathways.values()) {
      if (!entry.pathway) continue;
      const cov = sim.getCoverage(entry.pathway, entry.traces);
      coverage.push({ pathway: entry.display, ...cov });
      for (const s of sim.getCoverageShortfalls(cov, min)) shortfalls.push(`${entry.display}: ${s}`);
    }
    report.coverage = coverage;
    if (options.minCoverage !== undefined) report.coverageFailures = shortfalls;
  }
  return report;
}
