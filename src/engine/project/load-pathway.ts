// The one pathway loader: read, decode, parse, and the one answer to "is this a pathway?", with every failure a Diagnostic.
import path from "node:path";
import type { Diagnostic } from "../../diagnostics/index.js";
import { getNodes, isObject, isStartNode } from "../../model/pathway.js";
import type { Pathway } from "../../model/schema.js";
import { describeWrappedPathway, getWrappedPathwayPointer } from "../../model/wrapped-answer.js";
import { parseDocument } from "../../parse/index.js";
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { readInput, readInputs, STDIN, type ExpandOptions, type InputRef, type ReadInput } from "./inputs.js";

/** Options of the pathway loaders; all optional. */
export interface LoadPathwayOptions {
  /** Also require a start node (`data.isStart: true`): operations that run the pathway need one. Default false. */
  requireStart?: boolean;
  /** Accept a pathway with no usable node (`"nodes": []`): diff compares such versions. Default false. */
  allowEmpty?: boolean;
}

/** One loaded pathway file: the pathway when it is one, else the findings that say why not. */
export interface LoadedPathwayFile {
  /** The path as the user named it (`<stdin>` for `-`). */
  path: string;
  /** Absolute path; absent for stdin. */
  file?: string;
  bytes?: Uint8Array;
  /** The decoded text, when the bytes were UTF-8. */
  text?: string;
  /** The pathway; present exactly when `diagnostics` holds no error. */
  pathway?: Pathway;
  /** Why this file could not be loaded (unreadable-file, invalid-utf8, parse-error, not-a-pathway, no-start-node), plus warnings. */
  diagnostics: Diagnostic[];
}

function validateHint(where: string): string {
  const arg = where === STDIN ? "-" : /[\s"'$`\\]/.test(where) ? JSON.stringify(where) : where;
  return `run \`pathway validate ${arg}\` to see why`;
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`.slice(0, 40);
}

/**
 * The one answer to "is this a pathway?": undefined when `value` is an object whose `nodes` array holds at least one
 * node with a string id (and, with `requireStart`, a start node); otherwise the finding that says what is missing.
 */
export function getPathwayProblem(value: unknown, where: string, options: LoadPathwayOptions = {}): Diagnostic | undefined {
  const problem = (ruleId: string, message: string, pointer = ""): Diagnostic => ({ ruleId, severity: "error", message, pointer });
  if (!isObject(value))
    return problem("not-a-pathway", `not a pathway: expected a JSON object with a "nodes" array, found ${describeValue(value)}; ${validateHint(where)}.`);
  if (!Array.isArray(value.nodes)) {
    const wrapped = getWrappedPathwayPointer(value);
    if (wrapped !== undefined) return problem("not-a-pathway", describeWrappedPathway(wrapped), wrapped);
    const found = Object.hasOwn(value, "nodes") ? `"nodes" as ${describeValue(value.nodes)}` : 'an object without "nodes"';
    const scenario = typeof value.pathway === "string" && Array.isArray(value.turns) ? " (it looks like a scenario: run it with `pathway test`)" : "";
    return problem("not-a-pathway", `not a pathway: expected a JSON object with a "nodes" array, found ${found}${scenario}; ${validateHint(where)}.`);
  }
  const nodes = getNodes(value);
  if (nodes.length === 0 && !options.allowEmpty) {
    return problem(
      "not-a-pathway",
      `not a pathway: "nodes" holds no node with a string "id", so there is nothing to work on; ${validateHint(where)}.`,
      "/nodes",
    );
  }
  if (options.requireStart && nodes.length > 0 && !nodes.some(({ node }) => isStartNode(node))) {
    return problem(
      "no-start-node",
      `no start node (a node with "data": {"isStart": true}), so the conversation cannot begin; mark one, or ${validateHint(where)}.`,
      "/nodes",
    );
  }
  return undefined;
}

/** True when `value` is a pathway an operation can work on (see `getPathwayProblem`). */
export function isPathway(value: unknown): value is Pathway {
  return getPathwayProblem(value, "") === undefined;
}

/** Parses read bytes into a pathway; every failure is a finding on the result. */
export function parsePathwayInput(input: ReadInput, options: LoadPathwayOptions = {}): LoadedPathwayFile {
  const base = { path: input.path, ...(input.file !== undefined && { file: input.file }) };
  if (input.problem || !input.bytes) return { ...base, diagnostics: [input.problem!] };
  const parsed = parseDocument(input.bytes);
  const loaded: LoadedPathwayFile = { ...base, bytes: input.bytes, ...(parsed.text !== undefined && { text: parsed.text }), diagnostics: [] };
  if (!parsed.ok) {
    loaded.diagnostics = parsed.diagnostics;
    return loaded;
  }
  const problem = getPathwayProblem(parsed.value, input.path, options);
  if (problem) loaded.diagnostics = [problem];
  else loaded.pathway = parsed.value as Pathway;
  return loaded;
}

/** Loads every pathway the arguments name (files, directories, globs, `-`); per-file failures are findings. */
export async function loadPathwayFiles(host: Host, args: readonly string[], options: LoadPathwayOptions & ExpandOptions = {}): Promise<LoadedPathwayFile[]> {
  return (await readInputs(host, "pathway", args, options)).map((input) => parsePathwayInput(input, options));
}

/** Loads one pathway from a file path or `-`; a failure is a finding on the result. */
export async function loadPathwayFile(host: Host, arg: string, options: LoadPathwayOptions = {}): Promise<LoadedPathwayFile> {
  const ref: InputRef = arg === "-" ? { path: STDIN } : { path: arg, file: path.resolve(host.cwd, arg) };
  return parsePathwayInput(await readInput(host, ref), options);
}

/**
 * For operations that need exactly one pathway: the pathway, or an EngineError("input") whose message is the first
 * error finding (the same words `validate` and every other command use for the same problem).
 */
export async function requirePathway(host: Host, arg: string, options: LoadPathwayOptions = {}): Promise<LoadedPathwayFile & { pathway: Pathway }> {
  const loaded = await loadPathwayFile(host, arg, options);
  if (loaded.pathway) return loaded as LoadedPathwayFile & { pathway: Pathway };
  throw new EngineError(getLoadFailureCode(loaded), describeLoadFailure(loaded));
}

/** What kind of failure a file that did not load is: `io` when it could not be read, else `input` (not JSON, not a pathway). */
export function getLoadFailureCode(loaded: LoadedPathwayFile): "io" | "input" {
  return loaded.diagnostics.some((d) => d.ruleId === "unreadable-file") ? "io" : "input";
}

/**
 * The first error of a file that did not load, as one sentence naming the file (and line:column): what single-file
 * commands print. `unreadable-file` messages already start with the path.
 */
export function describeLoadFailure(loaded: Pick<LoadedPathwayFile, "path" | "diagnostics">): string {
  const d = loaded.diagnostics.find((x) => x.severity === "error") ?? loaded.diagnostics[0];
  if (!d) return `${loaded.path}: cannot be loaded; ${validateHint(loaded.path)}.`;
  if (d.ruleId === "unreadable-file" || d.ruleId === "no-matching-files") return d.message;
  const at = d.range ? `:${d.range.start.line}:${d.range.start.column}` : "";
  const message = d.ruleId === "not-a-pathway" || d.ruleId === "no-start-node" ? d.message : `${d.message.replace(/\.$/, "")}; ${validateHint(loaded.path)}.`;
  return `${loaded.path}${at}: ${message}`;
}
