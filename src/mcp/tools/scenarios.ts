// The scenario tools: run_scenarios (offline, with coverage), generate_scenarios (their YAML), write_scenarios (--allow-write) and run_scenarios_live (--allow-remote).
import path from "node:path";
import { z } from "zod";
import type { runScenarioFiles, RunScenariosOptions } from "../../engine/scenarios/run-scenarios.js";
import { toCount } from "../../escape/count.js";
import { confinePath, confinePaths } from "../arguments.js";
import { cutsOutput, defineTool, type ToolAnswer, type ToolContext } from "../tool.js";

/** Most trace events kept per scenario: the start of a long run, and the failure is in `failures` anyway. */
const TRACE_EVENTS = 80;

/** What `pathway test --format json` prints (named through the engine, so this layer imports no simulator type). */
type TestReport = Awaited<ReturnType<typeof runScenarioFiles>>;

const reportOutput = z.object({
  summary: z.object({ total: z.number(), passed: z.number(), failed: z.number(), errors: z.number(), durationMs: z.number() }),
  results: z.array(
    z.looseObject({
      file: z.string(),
      name: z.string(),
      pathway: z.string().optional(),
      status: z.enum(["passed", "failed", "error"]).describe("error: the scenario or its pathway could not be read or run"),
      failures: z.array(z.looseObject({ message: z.string() })).describe("each with the expected and actual values, and the scenario's line where known"),
      trace: z.array(z.record(z.string(), z.unknown())).describe("what happened, turn by turn: nodes entered, what was said, variables set, edges taken"),
    }),
  ),
  coverage: z
    .array(z.looseObject({ pathway: z.string() }))
    .optional()
    .describe("per pathway: nodes, edges and global jumps covered, with the untested ones listed apart from the unreachable"),
  skipped: z.array(z.string()).optional(),
  cuts: cutsOutput,
});

const scenarioPaths = z
  .array(z.string())
  .max(200)
  .optional()
  .describe("scenario files (*.scenario.yaml/.yml/.json), folders (searched for them) or globs; default: the whole project");

/** The report as an answer, each trace cut to TRACE_EVENTS. */
function toReportAnswer(report: TestReport): ToolAnswer {
  const results = report.results.map((r) =>
    r.trace.length > TRACE_EVENTS ? { ...r, trace: r.trace.slice(0, TRACE_EVENTS), traceCut: `${r.trace.length - TRACE_EVENTS} more events not shown` } : r,
  );
  const s = report.summary;
  const coverage = (report.coverage ?? []).map((c) => `${c.pathway}: nodes ${c.nodes.percent}%, edges ${c.edges.percent}%, globals ${c.globals.percent}%`);
  const summary = `${toCount(s.total, "scenario")}: ${s.passed} passed, ${s.failed} failed${s.errors ? `, ${s.errors} could not run` : ""}.${coverage.length ? ` Coverage: ${coverage.join("; ")}.` : ""}`;
  return { structured: { ...report, results }, summary };
}

async function runScenarios(args: { paths?: string[]; coverage?: boolean }, context: ToolContext, options: RunScenariosOptions): Promise<ToolAnswer> {
  const inputs = await confinePaths(context.host, args.paths?.length ? args.paths : ["."], "paths");
  // Loaded when first called: tools/list answers before the simulator is read.
  const { runScenarioFiles } = await import("../../engine/scenarios/run-scenarios.js");
  return toReportAnswer(await runScenarioFiles(context.host, inputs, { coverage: args.coverage !== false, ...options }));
}

export const runScenariosTool = defineTool({
  name: "run_scenarios",
  title: "Run scenarios",
  description:
    "Run scenario files against their pathways on the offline simulator, as `pathway test --coverage` does: each scenario passes or fails, with the expected and actual values, " +
    "the trace (nodes entered, what the agent said, variables set, edges taken) and per-pathway coverage of nodes, edges and global jumps (untested apart from unreachable). " +
    "Nothing leaves the machine: webhooks answer from the scenarios' mocks. generate_scenarios writes a first set for a pathway.",
  input: z.strictObject({
    paths: scenarioPaths,
    coverage: z.boolean().optional().describe("report node, edge and global coverage per pathway (default true)"),
    decider: z.enum(["scripted", "keyword"]).optional().describe("decide turns without take: this way in every scenario (default: each scenario's own)"),
  }),
  output: reportOutput,
  hints: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(args, context) {
    return runScenarios(args, context, { ...(args.decider && { decider: args.decider }) });
  },
});

export const runScenariosLiveTool = defineTool({
  name: "run_scenarios_live",
  title: "Run scenarios against the service",
  description:
    "Run scenario files against the service's text chat with the remote pathway instead of the simulator, as `pathway test --live` does (needs PATHWAYKIT_API_KEY in the server's environment; each turn is a chat message, which may cost). " +
    "The pathway is each scenario's pathway file's pathwaykit.manifest.json entry, or `pathway_id`; `pathway_version` tests a saved version (a number, draft, production or staging).",
  input: z.strictObject({
    paths: scenarioPaths,
    pathway_id: z.string().optional().describe("the remote pathway (default: the manifest entry of each scenario's pathway file)"),
    pathway_version: z
      .union([z.number().int().min(1), z.enum(["draft", "production", "staging"])])
      .optional()
      .describe("chat with this saved version"),
    repeat: z.number().int().min(1).max(20).optional().describe("runs of each scenario (models vary), reported as a pass rate"),
  }),
  output: reportOutput,
  needs: ["remote"],
  hints: { readOnlyHint: true, idempotentHint: false, openWorldHint: true },
  async run(args, context) {
    return runScenarios({ ...args, coverage: false }, context, {
      live: true,
      ...(args.pathway_id !== undefined && { pathwayId: args.pathway_id }),
      ...(args.pathway_version !== undefined && { pathwayVersion: args.pathway_version }),
      ...(args.repeat !== undefined && { repeat: args.repeat }),
    });
  },
});

const generateInput = {
  path: z.string().describe("the pathway file, relative to the project root"),
  output_dir: z
    .string()
    .optional()
    .describe("the folder the scenario files are for (their pathway: names the pathway from there); default scenarios/<pathway name> beside the pathway"),
  max_turns: z.number().int().min(1).max(100).optional().describe("longest scenario, in turns (default 12)"),
  max_scenarios: z.number().int().min(1).max(200).optional().describe("most scenarios (default 50)"),
};

const generatedOutput = z.object({
  dir: z.string(),
  files: z.array(z.object({ path: z.string(), text: z.string().optional() })),
  uncovered: z
    .array(z.object({ id: z.string(), kind: z.string(), reason: z.string() }))
    .describe("edges, global nodes and other ways no generated scenario takes, and why"),
  cuts: cutsOutput,
});

/** The default folder: scenarios/<pathway file name> beside the pathway, as the project's examples keep them. */
const defaultDir = (file: string) => path.join(path.dirname(file), "scenarios", path.basename(file).replace(/\.json$/i, ""));

export const generateScenariosTool = defineTool({
  name: "generate_scenarios",
  title: "Generate scenarios",
  description:
    "Generate scenario files for a pathway as `pathway scenarios generate` does, and return their YAML without writing anything: few, short scenarios whose scripted `take:` steps together visit every reachable edge and global node, " +
    "each already passing on the simulator. Edit the user lines and add expectations, save them (or call write_scenarios when the server allows writing), then run_scenarios.",
  input: z.strictObject(generateInput),
  output: generatedOutput,
  hints: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(args, context) {
    const file = await confinePath(context, args.path, "path");
    const output = await confinePath(context, args.output_dir ?? defaultDir(file), "output_dir");
    const { previewScenarioFiles } = await import("../../engine/scenarios/generate-scenario-files.js");
    const preview = await previewScenarioFiles(context.host, file, {
      output,
      maxScenarios: args.max_scenarios ?? 50,
      ...(args.max_turns !== undefined && { maxTurns: args.max_turns }),
    });
    const summary = `${toCount(preview.scenarios.length, "scenario")} for ${file} (to save in ${preview.dir})${preview.uncovered.length ? `; ${toCount(preview.uncovered.length, "way")} not covered` : ""}.`;
    return { structured: { dir: preview.dir, files: preview.files, uncovered: preview.uncovered }, summary };
  },
});

export const writeScenariosTool = defineTool({
  name: "write_scenarios",
  title: "Write generated scenarios",
  description:
    "Generate scenario files for a pathway, as generate_scenarios does, and write them into output_dir (refusing to overwrite existing files unless force). Then run_scenarios runs them.",
  input: z.strictObject({ ...generateInput, force: z.boolean().optional().describe("overwrite scenario files that already exist") }),
  output: generatedOutput,
  needs: ["write"],
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, context) {
    const file = await confinePath(context, args.path, "path");
    const output = await confinePath(context, args.output_dir ?? defaultDir(file), "output_dir");
    const { generateScenarioFiles } = await import("../../engine/scenarios/generate-scenario-files.js");
    const written = await generateScenarioFiles(context.host, file, {
      output,
      maxScenarios: args.max_scenarios ?? 50,
      ...(args.max_turns !== undefined && { maxTurns: args.max_turns }),
      ...(args.force && { force: true }),
    });
    const files = [...(written.mocksFile ? [written.mocksFile] : []), ...written.files].map((f) => ({ path: f }));
    return { structured: { dir: written.dir, files, uncovered: written.uncovered }, summary: `Wrote ${toCount(files.length, "file")} to ${written.dir}.` };
  },
});
