// Runs a composite action's steps as a GitHub runner would: `if:` and `${{ }}` through GitHub's own expression evaluator, `run:` scripts in bash with the runner's files and environment.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { data, Evaluator, Lexer, Parser } from "@actions/expressions";
import { parse } from "yaml";
import { readyActionCheckout } from "./action-checkout.js";
import { ROOT, spawnCollect, tempDir } from "./cli.js";

/** A step of a composite action, as action.yml writes it. */
export interface ActionStep {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  "working-directory"?: string;
}

/** action.yml, read with a real YAML parser. */
export interface ActionFile {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs?: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

/** What happened to one step. */
export interface StepResult {
  step: ActionStep;
  /** `run` ran its script; `uses` is recorded with its evaluated `with` (another action does not run here); `skipped` by its `if:`. */
  kind: "run" | "uses" | "skipped";
  with?: Record<string, string>;
  code?: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** Wall time of a `run` step. */
  ms?: number;
}

/** Options of `runAction`. */
export interface RunActionOptions {
  /** The repository checkout (GITHUB_WORKSPACE). */
  workspace: string;
  /** The `with:` of the workflow step. */
  inputs: Record<string, string>;
  /** The event payload (`github.event`). */
  event?: Record<string, unknown>;
  /** More environment for every step (the fake service's URL, ...). */
  env?: Record<string, string>;
  /** The Action's checkout (GITHUB_ACTION_PATH); default: one installed and built by an earlier use in the job. */
  actionPath?: string;
}

/** The whole run: each step, the job summary, and whether the job failed. */
export interface ActionRun {
  steps: StepResult[];
  failed: boolean;
  summary: string;
  runnerTemp: string;
  /** The Action's checkout the run used (GITHUB_ACTION_PATH). */
  actionPath: string;
  /** The folders the steps added to PATH (GITHUB_PATH), first added first. */
  path: string[];
  step(id: string): StepResult;
}

/** Reads the repository's action.yml. */
export function readAction(file = path.join(ROOT, "action.yml")): ActionFile {
  return parse(readFileSync(file, "utf8")) as ActionFile;
}

/** Evaluates one GitHub expression (without `${{ }}`) against `context`, with the status functions of a step's `if:`. */
export function evaluate(expression: string, context: Record<string, unknown>, failed = false): data.ExpressionData {
  const status = (name: string, value: boolean) => ({ name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(value) });
  const functions = [status("success", !failed), status("failure", failed), status("always", true), status("cancelled", false)];
  const tokens = new Lexer(expression).lex().tokens;
  const tree = new Parser(tokens, Object.keys(context), functions).parse();
  const dictionary = JSON.parse(JSON.stringify(context), data.reviver) as data.Dictionary;
  return new Evaluator(tree, dictionary, new Map(functions.map((f) => [f.name.toLowerCase(), f]))).evaluate();
}

/** `text` with each `${{ expr }}` replaced by its value as a string, as the runner fills `env:`, `with:` and `working-directory:`. */
export function interpolate(text: string, context: Record<string, unknown>): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_m, expr: string) => {
    const value = evaluate(expr.trim(), context);
    return value.kind === data.Kind.Null ? "" : value.coerceString();
  });
}

/** Whether a step's `if:` holds; no `if:` means `success()`. */
function shouldRun(condition: string | undefined, context: Record<string, unknown>, failed: boolean): boolean {
  if (condition === undefined) return !failed;
  const expr = condition
    .trim()
    .replace(/^\$\{\{([\s\S]*)\}\}$/, "$1")
    .trim();
  // GitHub adds success() to a condition that calls no status function.
  const value = evaluate(/\b(success|failure|always|cancelled)\(/.test(expr) ? expr : `success() && (${expr})`, context, failed);
  return value.coerceString() !== "" && value.kind !== data.Kind.Null && !(value.kind === data.Kind.Boolean && value.coerceString() === "false");
}

/** `name=value` and `name<<DELIM ... DELIM` lines of a GITHUB_OUTPUT file. */
function readOutputs(file: string): Record<string, string> {
  const lines = readFileSync(file, "utf8").split("\n");
  const out: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]!);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      out[heredoc[1]!] = lines.slice(i + 1, end).join("\n");
      i = end;
    } else if (lines[i]!.includes("=")) out[lines[i]!.slice(0, lines[i]!.indexOf("="))] = lines[i]!.slice(lines[i]!.indexOf("=") + 1);
  }
  return out;
}

/** Runs `script` as GitHub's `shell: bash` does: `bash --noprofile --norc -eo pipefail <file>`. */
function runBash(script: string, file: string, cwd: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  writeFileSync(file, script);
  return spawnCollect("bash", ["--noprofile", "--norc", "-eo", "pipefail", file], { cwd, env });
}

/** Runs the composite action in `options.workspace`, step by step, and reports what each did. */
export async function runAction(action: ActionFile, options: RunActionOptions): Promise<ActionRun> {
  const home = tempDir("pathwaykit-runner-");
  const runnerTemp = path.join(home, "temp");
  mkdirSync(runnerTemp);
  const summaryFile = path.join(home, "summary.md");
  const pathFile = path.join(home, "path");
  writeFileSync(summaryFile, "");
  writeFileSync(pathFile, "");
  const actionPath = options.actionPath ?? readyActionCheckout();
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default ?? ""]));
  const github = {
    event: options.event ?? {},
    workspace: options.workspace,
    token: "ghs_job-token-0123456789",
    sha: "0123456789abcdef0123456789abcdef01234567",
    repository: "team/pathways",
    event_name: options.event?.["pull_request"] ? "pull_request" : "push",
  };
  const steps: Record<string, { outputs: Record<string, string>; outcome: string; conclusion: string }> = {};
  const context = () => ({ inputs, github, steps, runner: { temp: runnerTemp, os: "Linux" }, env: {} });
  // Defaults may be expressions themselves (github-token: ${{ github.token }}).
  for (const [k, v] of Object.entries(inputs)) inputs[k] = interpolate(v, context());
  Object.assign(inputs, options.inputs);
  const base: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? home,
    CI: "true",
    GITHUB_ACTIONS: "true",
    RUNNER_TEMP: runnerTemp,
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_ACTION_PATH: actionPath,
    GITHUB_SHA: github.sha,
    GITHUB_REPOSITORY: github.repository,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_PATH: pathFile,
    ...options.env,
  };
  const results: StepResult[] = [];
  let failed = false;
  for (const [i, step] of action.runs.steps.entries()) {
    if (!shouldRun(step.if, context(), failed)) {
      results.push({ step, kind: "skipped", stdout: "", stderr: "", outputs: {} });
      if (step.id) steps[step.id] = { outputs: {}, outcome: "skipped", conclusion: "skipped" };
      continue;
    }
    if (step.uses !== undefined) {
      const evaluated = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(String(v), context())]));
      results.push({ step, kind: "uses", with: evaluated, stdout: "", stderr: "", outputs: {} });
      continue;
    }
    const outputFile = path.join(home, `output-${i}`);
    writeFileSync(outputFile, "");
    const added = readFileSync(pathFile, "utf8").split("\n").filter(Boolean).reverse();
    const env: Record<string, string> = { ...base, PATH: [...added, base.PATH].join(":"), GITHUB_OUTPUT: outputFile };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = interpolate(String(v), context());
    const cwd = path.resolve(options.workspace, interpolate(step["working-directory"] ?? ".", context()));
    const started = performance.now();
    const ran = await runBash(step.run ?? "", path.join(home, `step-${i}.sh`), cwd, env);
    const ms = Math.round(performance.now() - started);
    const outputs = readOutputs(outputFile);
    results.push({ step, kind: "run", code: ran.code, stdout: ran.stdout, stderr: ran.stderr, outputs, ms });
    const outcome = ran.code === 0 ? "success" : "failure";
    if (step.id) steps[step.id] = { outputs, outcome, conclusion: outcome };
    if (ran.code !== 0) failed = true;
  }
  return {
    steps: results,
    failed,
    summary: readFileSync(summaryFile, "utf8"),
    runnerTemp,
    actionPath,
    path: readFileSync(pathFile, "utf8").split("\n").filter(Boolean),
    step(id: string) {
      const found = results.find((r) => r.step.id === id);
      if (!found) throw new Error(`no step with id ${id}`);
      return found;
    },
  };
}

/** One line per step (name, what happened, exit code, the end of its output): what a failing test prints. */
export function describeRun(run: ActionRun): string {
  return run.steps
    .map((r) => `${r.step.name ?? r.step.id}: ${r.kind}${r.code === undefined ? "" : ` exit ${r.code} in ${r.ms} ms`}\n${(r.stdout + r.stderr).slice(-1500)}`)
    .join("\n");
}
