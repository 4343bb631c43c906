// Checks one request body: its kind, every field rule, and (given the pathway it uses) start node and variables.
import { compareDiagnostics, type Diagnostic } from "../diagnostics/index.js";
import { getVariableUses } from "../graph/index.js";
import type { Pathway } from "../model/index.js";
import { parseDocument, type ParseResult } from "../parse/index.js";
import { parseYaml } from "../parse/parse-yaml.js";
import { locateDiagnostics, runRules, settingsFrom, type RuleOverrides } from "../rules/index.js";
import { checkBatchV2Calls } from "./batch-v2.js";
import { detectRequestKind } from "./kind.js";
import { REQUEST_SCHEMAS, type RequestKind } from "./models.js";
import { getRequestGraph, getRequiredVariables } from "./pathway-variables.js";
import { requestRules } from "./registry.js";
import type { RequestContext, RequestPathway } from "./rule.js";

/** Options of `checkRequestValue` and `checkRequestText`; all optional. */
export interface CheckRequestOptions {
  /** The request kind (default: from `fileName`, then from the body's fields). */
  kind?: RequestKind;
  /** The file's name, for the kind (`x.batch.json`) and for YAML (`.yaml`, `.yml`). Default none. */
  fileName?: string;
  /** The pathway the request uses, loaded; enables the start-node and variable checks. Default none. */
  pathway?: { where: string; value: Pathway };
  /** Severity (or setting) per rule id; `off` skips the rule. Default: each rule's own. */
  rules?: RuleOverrides;
  /** "Now" for the start_time check. Default: the current time. */
  now?: Date;
  /** Variables to treat as always set besides the system ones. Default none. */
  systemVariables?: readonly string[];
}

/** What checking one request gives. `fatal` is set when the body could not be checked at all (not a request). */
export interface RequestCheckResult {
  kind?: RequestKind;
  value?: unknown;
  text?: string;
  diagnostics: Diagnostic[];
  fatal?: boolean;
}

/** The pathway as request rules see it, walked from `startNodeId` when the pathway has that node. */
export function toRequestPathway(pathway: { where: string; value: Pathway }, startNodeId?: string, systemVariables: readonly string[] = []): RequestPathway {
  const graph = getRequestGraph(pathway.value, startNodeId);
  const reads = new Set<string>();
  for (const use of getVariableUses(graph)) {
    reads.add(use.name);
    reads.add(use.root);
  }
  return { where: pathway.where, value: pathway.value, graph, required: getRequiredVariables(graph, systemVariables), reads };
}

/**
 * The body as the rules see it: `null` for an optional field is how real clients write "unset" (`"temperature": null`,
 * `"start_time": null`), so it counts as absent. A required field's null, and a null the seed gives a meaning to
 * (`background_track`, an inbound `pathway_id`), stay for the rules to judge.
 */
function withoutUnsetNulls(kind: RequestKind, body: Record<string, unknown>): Record<string, unknown> {
  const shape = REQUEST_SCHEMAS[kind].shape as Record<string, { safeParse(v: unknown): { success: boolean } } | undefined>;
  const unset = Object.keys(body).filter((key) => {
    const schema = Object.hasOwn(shape, key) ? shape[key] : undefined;
    return body[key] === null && schema !== undefined && schema.safeParse(undefined).success && !schema.safeParse(null).success;
  });
  if (unset.length === 0) return body;
  const copy = { ...body };
  for (const key of unset) delete copy[key];
  return copy;
}

/** Checks a parsed request body; findings have pointers but no ranges. */
export function checkRequestValue(value: unknown, options: CheckRequestOptions = {}): RequestCheckResult {
  const answer = detectRequestKind(value, options);
  if (!("kind" in answer)) {
    return { value, fatal: true, diagnostics: [{ ruleId: "request-shape", severity: "error", message: answer.message, pointer: answer.pointer }] };
  }
  const body = withoutUnsetNulls(answer.kind, value as Record<string, unknown>);
  // A pathway applies only to a request that names one; without pathway_id the service never loads it.
  const usesPathway = typeof body.pathway_id === "string" && body.pathway_id.trim() !== "";
  const context: RequestContext = {
    kind: answer.kind,
    body,
    now: options.now ?? new Date(),
    ...(options.pathway &&
      usesPathway && {
        pathway: toRequestPathway(options.pathway, typeof body.start_node_id === "string" ? body.start_node_id : undefined, options.systemVariables),
      }),
  };
  const rules = requestRules.filter((rule) => rule.meta.kinds.includes(answer.kind));
  const settingFor = settingsFrom(options.rules);
  const diagnostics = runRules(context, rules, settingFor);
  if (answer.kind === "batch-v2") {
    // Each call object over global is a POST /v1/calls body: the call rules check it, with the pathway its pathway_id names.
    const callRules = requestRules.filter((rule) => rule.meta.kinds.includes("call"));
    const { pathway } = options;
    const pathwayFor = pathway && ((start: string | undefined) => toRequestPathway(pathway, start, options.systemVariables));
    diagnostics.push(...checkBatchV2Calls(body, { rules: callRules, settingFor, now: context.now, ...(pathwayFor && { pathwayFor }) }));
  }
  return { kind: answer.kind, value, diagnostics };
}

function isYamlName(fileName: string | undefined): boolean {
  return fileName !== undefined && /\.ya?ml$/i.test(fileName);
}

/** A request file parsed (JSON or YAML), with its text. */
export type ParsedRequest = ParseResult & { text?: string };

/** Parses request text as JSON, or YAML for .yaml/.yml names and for text that is not JSON-like. Never throws. */
export function parseRequestText(input: string | Uint8Array, fileName?: string): ParsedRequest {
  const json = parseDocument(input);
  if (json.text === undefined || (json.ok && !isYamlName(fileName))) return json;
  const looksJson = /^\s*[[{]/.test(json.text) && !isYamlName(fileName);
  if (looksJson) return json;
  return { ...parseYaml(json.text), text: json.text };
}

/** Decodes, parses (JSON or YAML) and checks a request file; findings carry line and column in that file. */
export function checkRequestText(input: string | Uint8Array, options: CheckRequestOptions = {}): RequestCheckResult {
  return checkParsedRequest(parseRequestText(input, options.fileName), options);
}

/** Checks a request parsed by `parseRequestText` (callers that read pathway_id before loading the pathway parse once). */
export function checkParsedRequest(parsed: ParsedRequest, options: CheckRequestOptions = {}): RequestCheckResult {
  if (!parsed.ok) return { text: parsed.text, fatal: true, diagnostics: parsed.diagnostics };
  // An empty file reads as YAML null; "the file holds null" would send the user looking for a null that is not there.
  if (parsed.text !== undefined && parsed.text.trim() === "") {
    const message = 'The file is empty; write the request body as one object, e.g. {"phone_number": "+14155550123", "task": "..."}.';
    return { text: parsed.text, fatal: true, diagnostics: [{ ruleId: "request-shape", severity: "error", message, pointer: "" }] };
  }
  const result = checkRequestValue(parsed.value, options);
  const located = locateDiagnostics(result.diagnostics, parsed.locateMany);
  return { ...result, text: parsed.text, diagnostics: [...parsed.diagnostics, ...located].sort(compareDiagnostics) };
}
