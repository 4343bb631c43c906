// The service's runs as `pathway test` reports them: a case per scenario, each assertion's result keyed back to the scenario file, the conversation, and the analysis's suggestions by node.
import { isObject } from "../../../model/pathway.js";
import type { OwnAssertion } from "../../../interop/agent-testing/to-server.js";
import type { ScenarioFailure, ScenarioLocator, ServerAssertionResult, ServerCaseReport, ServerSuggestion, TestCaseReport } from "../../../simulate/index.js";
import type { TranscriptLine } from "../../../simulate/persona/transcript.js";

/** The scenario a case reports: its file (or, for a gate made in the web page, where it is) and what pathwaykit sent. */
export interface CaseSubject {
  file: string;
  name: string;
  pathway?: string;
  locate?: ScenarioLocator;
  /** The assertions a push made from the file, by name, with their places. */
  own?: readonly OwnAssertion[];
}

/** Most characters of one text from the service kept in a report (names, reasons, suggestions); the rest is cut with a note. */
export const MAX_SERVICE_TEXT = 2_000;

/** A text field from the service, cut to MAX_SERVICE_TEXT; undefined when it is not a non-empty string. */
export function serviceText(value: unknown): string | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  return value.length > MAX_SERVICE_TEXT
    ? `${value.slice(0, MAX_SERVICE_TEXT)}… (${(value.length - MAX_SERVICE_TEXT).toLocaleString("en-US")} more characters)`
    : value;
}

/** A number from 0 to 1, else undefined. */
function share(value: unknown): number | undefined {
  return typeof value === "number" && value >= 0 && value <= 1 ? value : undefined;
}

/** The first of the fields a result may explain itself in (none is documented; shown when present). */
function reasonOf(result: Record<string, unknown>): string | undefined {
  return serviceText(result.reasoning) ?? serviceText(result.reason) ?? serviceText(result.explanation) ?? serviceText(result.message);
}

/**
 * Each assertion's result: the service's assertions (`held`, from the scenario read back) matched to the run's
 * `assertion_results` by `assertion_id`, else by name; results that match none are listed as they are.
 */
export function toAssertionResults(held: unknown, results: unknown, own: readonly OwnAssertion[] = []): ServerAssertionResult[] {
  const list = Array.isArray(held) ? held.filter(isObject) : [];
  const answers = Array.isArray(results) ? results.filter(isObject) : [];
  const used = new Set<Record<string, unknown>>();
  const out: ServerAssertionResult[] = list.map((a) => {
    const name = serviceText(a.name) ?? (typeof a.type === "string" ? a.type : "assertion");
    const result =
      answers.find((r) => !used.has(r) && a.id !== undefined && r.assertion_id === a.id) ??
      answers.find((r) => !used.has(r) && typeof r.name === "string" && r.name === a.name);
    if (result) used.add(result);
    const pointer = own.find((o) => o.name === a.name)?.pointer;
    return toResult(name, typeof a.type === "string" ? a.type : undefined, result, pointer);
  });
  for (const r of answers.filter((x) => !used.has(x)))
    out.push(
      toResult(
        serviceText(r.name) ?? (typeof r.type === "string" ? r.type : "assertion"),
        typeof r.type === "string" ? r.type : undefined,
        r,
        own.find((o) => o.name === r.name)?.pointer,
      ),
    );
  return out;
}

function toResult(name: string, type: string | undefined, result: Record<string, unknown> | undefined, pointer: string | undefined): ServerAssertionResult {
  const score = result && typeof result.score === "number" && Number.isFinite(result.score) ? result.score : undefined;
  const reason = result && reasonOf(result);
  return {
    name,
    ...(type !== undefined && { type }),
    ...(result && typeof result.passed === "boolean" && { passed: result.passed }),
    ...(score !== undefined && { score }),
    ...(reason !== undefined && { reason }),
    ...(pointer !== undefined && { pointer }),
  };
}

/** A run's `chat_history` (`user` is the tester persona) as the conversation the reports show. */
export function toTranscript(history: unknown): TranscriptLine[] | undefined {
  if (!Array.isArray(history)) return undefined;
  let turn = 0;
  const lines: TranscriptLine[] = [];
  for (const m of history.filter(isObject)) {
    const text = serviceText(m.content);
    if (text === undefined) continue;
    if (m.role === "user") turn++;
    lines.push({ role: m.role === "user" ? "caller" : "agent", turn, text });
  }
  return lines.length > 0 ? lines : undefined;
}

/** The analysis's suggestions, each with the node it names as the local file names it (else as the service did). */
export function toAnalysis(analysis: Record<string, unknown>, nodeName: (id: string) => string | undefined): NonNullable<ServerCaseReport["analysis"]> {
  const names = isObject(analysis.node_id_to_name) ? analysis.node_id_to_name : {};
  const suggestions: ServerSuggestion[] = (Array.isArray(analysis.suggestions) ? analysis.suggestions.filter(isObject) : []).map((s) => {
    const nodeId = typeof s.target_node_id === "string" && s.target_node_id !== "" ? s.target_node_id : undefined;
    const name =
      (nodeId === undefined ? undefined : nodeName(nodeId)) ??
      serviceText(s.target_node_name) ??
      (nodeId === undefined ? undefined : serviceText(names[nodeId]));
    const confidence = share(s.confidence);
    return {
      ...(nodeId !== undefined && { nodeId: nodeId.slice(0, 200) }),
      ...(name !== undefined && { nodeName: name }),
      ...(serviceText(s.type) !== undefined && { type: serviceText(s.type)!.slice(0, 100) }),
      ...(serviceText(s.description) !== undefined && { description: serviceText(s.description) }),
      ...(serviceText(s.suggested_change) !== undefined && { change: serviceText(s.suggested_change) }),
      ...(confidence !== undefined && { confidence }),
    };
  });
  const rootCause = serviceText(analysis.root_cause);
  return { ...(rootCause !== undefined && { rootCause }), suggestions };
}

/** What a case says when it did not pass, from the service's status, error and assertions. */
function toFailures(server: ServerCaseReport, subject: CaseSubject, unfinished: string | undefined): ScenarioFailure[] {
  const at = (pointer: string | undefined) =>
    pointer !== undefined && subject.locate ? { pointer, ...subject.locate(pointer.split("/").slice(1)) } : { pointer: pointer ?? "" };
  if (server.status === "PASSED") return [];
  if (server.status === "ERROR") return [{ message: `the service could not run it (ERROR)${server.error ? `: ${server.error}` : ""}`, pointer: "" }];
  const failed = server.assertions
    .filter((a) => a.passed === false)
    .map((a) => ({
      message: `${a.name}${a.type ? ` (${a.type})` : ""} failed on the service${a.score !== undefined ? `, score ${a.score}` : ""}${a.reason ? `: ${a.reason}` : ""}`,
      ...at(a.pointer),
    }));
  if (server.status === "FAILED")
    return failed.length > 0 ? failed : [{ message: "the service says it FAILED, and its answer names no failed assertion", pointer: "" }];
  return [{ message: unfinished ?? `the service ended it as ${server.status}, which is neither PASSED, FAILED nor ERROR`, pointer: "" }];
}

/**
 * The case of one scenario run on the service: `passed` for PASSED, `failed` for FAILED and ERROR (the service ran it
 * and it did not pass), `error` (could not run) for anything else: CANCELLED, not finished when pathwaykit stopped
 * waiting (`unfinished` says why), or a status the documentation does not list.
 */
export function toServerCase(
  subject: CaseSubject,
  server: ServerCaseReport,
  extra: { durationMs?: number; transcript?: TranscriptLine[]; unfinished?: string; warnings?: string[] } = {},
): TestCaseReport {
  const status = server.status === "PASSED" ? "passed" : server.status === "FAILED" || server.status === "ERROR" ? "failed" : "error";
  return {
    file: subject.file,
    name: subject.name,
    ...(subject.pathway !== undefined && { pathway: subject.pathway }),
    status,
    durationMs: extra.durationMs ?? 0,
    failures: toFailures(server, subject, extra.unfinished),
    warnings: extra.warnings ?? [],
    trace: [],
    mode: "server",
    ...(extra.transcript && { transcript: extra.transcript }),
    server,
  };
}

/** The run's fields as the case's server part: its id, status, score, error and assertions. */
export function toServerPart(scenarioId: string, run: Record<string, unknown> | undefined, held: unknown, own?: readonly OwnAssertion[]): ServerCaseReport {
  const score = share(run?.overall_score);
  const error = run && serviceText(run.error_message);
  return {
    scenarioId,
    ...(typeof run?.id === "string" && { runId: run.id }),
    status: typeof run?.status === "string" ? run.status.slice(0, 40) : "NOT STARTED",
    ...(score !== undefined && { score }),
    ...(error !== undefined && { error }),
    assertions: toAssertionResults(held, run?.assertion_results, own),
  };
}
