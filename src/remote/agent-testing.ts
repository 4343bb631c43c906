// The Agent Testing endpoints (/v1/agent-testing/*): scenarios, batches, simulation sets, runs and their analysis, read as documented and as the official CLI reads them.
import { isObject } from "../model/pathway.js";
import type { ClientTools, RawAnswer } from "./release.js";

/** A scenario as the service keeps it: an object with a string `id` and `name`; every other field as the service gave it. */
export type ServerScenario = Record<string, unknown> & { id: string; name: string };

/** A run as the service reports it (in a batch, or GET /runs/{id}): an object with a string `id`. */
export type ServerRun = Record<string, unknown> & { id: string };

/** A batch (GET /batches/{id}): its `status` and `runs` (an empty list when the answer has none), and the whole answer. */
export interface ServerBatch {
  id: string;
  status: string;
  runs: ServerRun[];
  body: Record<string, unknown>;
}

/** A simulation set (GET /simulation-sets/{id}): its `status`, its per-scenario statistics by scenario id, and the whole answer. */
export interface ServerSimulationSet {
  id: string;
  status: string;
  perScenario: Record<string, Record<string, unknown>>;
  body: Record<string, unknown>;
}

/** The service's analysis of a run (POST /runs/{id}/analyze): `analysis` of the documented answer, or the answer itself. */
export type RunAnalysis = Record<string, unknown>;

/** The Agent Testing endpoints of the client. */
export interface AgentTestingApi {
  /** Lists scenarios (GET /v1/agent-testing/scenarios?pathway_id=): documented `{scenarios: [...]}`, also a bare list or `{data: [...]}` (the official CLI's reading). Throws RemoteError. */
  listScenarios(query?: { pathwayId?: string }): Promise<ServerScenario[]>;
  /** Reads one scenario (GET /v1/agent-testing/scenarios/{id}). Throws RemoteError ("not-found" when it was deleted). */
  getScenario(id: string): Promise<ServerScenario>;
  /** Creates a scenario (POST /v1/agent-testing/scenarios); answers the new scenario, whose `id` it must hold. Throws RemoteError. */
  createScenario(body: Record<string, unknown>): Promise<ServerScenario>;
  /** Updates the fields `body` names (PUT /v1/agent-testing/scenarios/{id}; `assertions` replaces them all). Throws RemoteError. */
  updateScenario(id: string, body: Record<string, unknown>): Promise<void>;
  /** Starts a batch (POST /v1/agent-testing/batch-run `{scenario_ids, version_number?}`); answers its `batch_id`. Throws RemoteError. */
  runBatch(request: { scenarioIds: readonly string[]; versionNumber?: number }): Promise<{ batchId: string }>;
  /** Reads a batch (GET /v1/agent-testing/batches/{id}). Throws RemoteError. */
  getBatch(id: string): Promise<ServerBatch>;
  /** Starts a simulation set (POST /v1/agent-testing/simulation-sets, documented body); answers its `simulation_set_id`. Throws RemoteError. */
  createSimulationSet(request: {
    scenarioIds: readonly string[];
    simulationsPerScenario: number;
    pathwayId?: string;
    versionNumber?: number;
  }): Promise<{ simulationSetId: string }>;
  /** Reads a simulation set (GET /v1/agent-testing/simulation-sets/{id}). Throws RemoteError. */
  getSimulationSet(id: string): Promise<ServerSimulationSet>;
  /** Lists the runs of a batch (GET /v1/agent-testing/runs?batch_id=&limit=100: documented `{runs, total_count}`, also a bare list or `{data}`). Throws RemoteError. */
  listRuns(query: { batchId: string }): Promise<ServerRun[]>;
  /** Reads one run (GET /v1/agent-testing/runs/{id}): chat history, visited nodes, assertion results. Throws RemoteError. */
  getRun(id: string): Promise<ServerRun>;
  /** Asks for the analysis of a run (POST /v1/agent-testing/runs/{id}/analyze with `{}`). Throws RemoteError. */
  analyzeRun(id: string): Promise<RunAnalysis>;
}

/** `body[key]` when present, else what `body.data` holds (the official CLI keeps only `data` of an answer that has it), else `body`. */
export function unwrapAgentAnswer(body: unknown, key: string): unknown {
  if (!isObject(body)) return body;
  if (body[key] !== undefined && body[key] !== null) return body[key];
  if (body.data !== undefined && body.data !== null)
    return isObject(body.data) && body.data[key] !== undefined && body.data[key] !== null ? body.data[key] : body.data;
  return body;
}

/**
 * The service's words when a 2xx answer is a refusal: `errors` a non-empty list (the official CLI throws on it),
 * `success: false`, `status: "error"` (lower case: a run's or batch's status is upper case, and FAILED or ERROR is a
 * result, not a refusal), or an `error` text on an answer that is no object of the API (no `id`, no `status`).
 */
export function getAgentRefusal(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const said = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
  if (Array.isArray(body.errors) && body.errors.length > 0) return said(body.errors);
  if (body.success === false || body.status === "error") return said(body.message ?? body.error ?? "");
  if (typeof body.error === "string" && body.error !== "" && body.id === undefined && body.status === undefined) return body.error;
  return undefined;
}

/** True for an object whose `field` is a non-empty string. */
function hasString(value: unknown, field: string): value is Record<string, unknown> {
  return isObject(value) && typeof value[field] === "string" && value[field] !== "";
}

/** The Agent Testing methods over the client's tools (its request with retries, timeouts, redaction, and its error builders). */
export function createAgentTestingMethods(tools: ClientTools): AgentTestingApi {
  const base = "v1/agent-testing";
  const shape = (answer: RawAnswer, what: string, expected: string, after = "") =>
    tools.fail(
      "shape",
      `${what}: ${answer.url} answered ${answer.status} without ${expected}; the service said: ${tools.quote(answer.text) || "(nothing)"}.${after}`,
      { url: answer.url, status: answer.status, attempts: answer.attempts },
    );
  /** The parsed answer; a 2xx whose body is a refusal (`status: "error"`, `success: false`) is an error. */
  const read = (answer: RawAnswer, what: string): unknown => {
    const body = tools.parse(answer, what);
    const said = getAgentRefusal(body);
    if (said !== undefined)
      throw tools.fail("rejected", `${what}: ${answer.url} answered ${answer.status} but refused${said ? `: ${tools.quote(said)}` : ""}.`, {
        url: answer.url,
        status: answer.status,
        attempts: answer.attempts,
      });
    return body;
  };
  const scenarioOf = (answer: RawAnswer, what: string, after?: string): ServerScenario => {
    const value = unwrapAgentAnswer(read(answer, what), "scenario");
    if (!hasString(value, "id")) throw shape(answer, what, "a scenario with an id (documented: the scenario object)", after);
    return { ...value, id: value.id as string, name: typeof value.name === "string" ? value.name : "" };
  };
  const runsOf = (value: unknown): ServerRun[] => (Array.isArray(value) ? value.filter((r): r is ServerRun => hasString(r, "id")) : []);
  return {
    async listScenarios(query = {}) {
      const what = query.pathwayId === undefined ? "listing the agent-testing scenarios" : `listing the agent-testing scenarios of pathway ${query.pathwayId}`;
      const params = query.pathwayId === undefined ? "" : `?${new URLSearchParams({ pathway_id: query.pathwayId })}`;
      const answer = await tools.request("GET", `${base}/scenarios${params}`, undefined, what, {
        subject: "base URL (GET /v1/agent-testing/scenarios lists them)",
      });
      const list = unwrapAgentAnswer(read(answer, what), "scenarios");
      if (!Array.isArray(list)) throw shape(answer, what, "a list of scenarios (documented: {scenarios: [...]})");
      return list.filter((s) => hasString(s, "id")).map((s) => ({ ...s, id: s.id as string, name: typeof s.name === "string" ? s.name : "" }));
    },
    async getScenario(id) {
      const what = `reading agent-testing scenario ${id}`;
      const answer = await tools.request("GET", `${base}/scenarios/${tools.segment(id, what)}`, undefined, what, {
        subject: "scenario id (it may have been deleted in the web page)",
      });
      return scenarioOf(answer, what);
    },
    async createScenario(body) {
      const what = `creating agent-testing scenario ${JSON.stringify(body.name)}`;
      const answer = await tools.request("POST", `${base}/scenarios`, JSON.stringify(body), what, { subject: "base URL" });
      return scenarioOf(answer, what, " The scenario may have been created: look for it in the web page before pushing again.");
    },
    async updateScenario(id, body) {
      const what = `updating agent-testing scenario ${id}`;
      const answer = await tools.request("PUT", `${base}/scenarios/${tools.segment(id, what)}`, JSON.stringify(body), what, {
        subject: "scenario id (it may have been deleted in the web page)",
      });
      // The answer is the scenario (documented); the official CLI reads nothing of it, so neither does this, beyond a refusal.
      if (answer.text.trim() !== "") read(answer, what);
    },
    async runBatch(request) {
      const what = `starting a batch of ${request.scenarioIds.length} agent-testing scenario${request.scenarioIds.length === 1 ? "" : "s"}`;
      const body = { scenario_ids: request.scenarioIds, ...(request.versionNumber !== undefined && { version_number: request.versionNumber }) };
      const answer = await tools.request("POST", `${base}/batch-run`, JSON.stringify(body), what, { subject: "scenario ids (see `pathway scenarios push`)" });
      const value = unwrapAgentAnswer(read(answer, what), "batch_id");
      const batchId = typeof value === "string" ? value : hasString(value, "batch_id") ? (value.batch_id as string) : undefined;
      if (batchId === undefined) throw shape(answer, what, "a batch_id (documented: {batch_id, runs})", " The batch may have started: see the web page.");
      return { batchId };
    },
    async getBatch(id) {
      const what = `reading agent-testing batch ${id}`;
      const answer = await tools.request("GET", `${base}/batches/${tools.segment(id, what)}`, undefined, what, { subject: "batch id" });
      const value = unwrapAgentAnswer(read(answer, what), "batch");
      if (!hasString(value, "status")) throw shape(answer, what, "a batch with a status (documented: {id, status, runs, ...})");
      return { id, status: value.status as string, runs: runsOf(value.runs), body: value };
    },
    async createSimulationSet(request) {
      const n = request.scenarioIds.length;
      const what = `starting a simulation set of ${n} agent-testing scenario${n === 1 ? "" : "s"}, ${request.simulationsPerScenario} runs each`;
      const body = {
        scenario_ids: request.scenarioIds,
        simulations_per_scenario: request.simulationsPerScenario,
        ...(request.pathwayId !== undefined && { pathway_id: request.pathwayId }),
        ...(request.versionNumber !== undefined && { version_number: request.versionNumber }),
      };
      const answer = await tools.request("POST", `${base}/simulation-sets`, JSON.stringify(body), what, {
        subject: "scenario ids (see `pathway scenarios push`)",
      });
      const value = unwrapAgentAnswer(read(answer, what), "simulation_set_id");
      const simulationSetId = typeof value === "string" ? value : hasString(value, "simulation_set_id") ? (value.simulation_set_id as string) : undefined;
      if (simulationSetId === undefined)
        throw shape(answer, what, "a simulation_set_id (documented: {simulation_set_id, status, ...})", " The set may have started: see the web page.");
      return { simulationSetId };
    },
    async getSimulationSet(id) {
      const what = `reading agent-testing simulation set ${id}`;
      const answer = await tools.request("GET", `${base}/simulation-sets/${tools.segment(id, what)}`, undefined, what, { subject: "simulation set id" });
      const value = unwrapAgentAnswer(read(answer, what), "simulation_set");
      if (!hasString(value, "status")) throw shape(answer, what, "a simulation set with a status (documented: {id, status, statistics, ...})");
      const statistics = isObject(value.statistics) ? value.statistics : {};
      const per = isObject(statistics.per_scenario) ? statistics.per_scenario : {};
      const perScenario = Object.fromEntries(Object.entries(per).filter((e): e is [string, Record<string, unknown>] => isObject(e[1])));
      return { id, status: value.status as string, perScenario, body: value };
    },
    async listRuns(query) {
      const what = `listing the runs of agent-testing batch ${query.batchId}`;
      const answer = await tools.request("GET", `${base}/runs?${new URLSearchParams({ batch_id: query.batchId, limit: "100" })}`, undefined, what, {
        subject: "batch id",
      });
      const list = unwrapAgentAnswer(read(answer, what), "runs");
      if (!Array.isArray(list)) throw shape(answer, what, "a list of runs (documented: {runs: [...], total_count})");
      return runsOf(list);
    },
    async getRun(id) {
      const what = `reading agent-testing run ${id}`;
      const answer = await tools.request("GET", `${base}/runs/${tools.segment(id, what)}`, undefined, what, { subject: "run id" });
      const value = unwrapAgentAnswer(read(answer, what), "run");
      if (!hasString(value, "id")) throw shape(answer, what, "a run with an id (documented: {id, scenario_id, status, ...})");
      return { ...value, id: value.id as string };
    },
    async analyzeRun(id) {
      const what = `asking for the analysis of agent-testing run ${id}`;
      const answer = await tools.request("POST", `${base}/runs/${tools.segment(id, what)}/analyze`, "{}", what, { subject: "run id" });
      const value = unwrapAgentAnswer(read(answer, what), "analysis");
      if (!isObject(value)) throw shape(answer, what, "an analysis (documented: {analysis: {root_cause, suggestions, node_id_to_name}})");
      return value;
    },
  };
}
