// The fake service's Agent Testing (agent-testing-and-simulation.md §2): scenarios, batches, simulation sets, runs and their analysis, as documented, with the answers the official CLI expects on demand.
import type { ServerResponse } from "node:http";
import { parseObjectBody } from "./fake-versions.js";

/** The documented assertion types; the fake refuses others (as a strict service would). */
const ASSERTION_TYPES = [
  "LLM_JUDGE",
  "BLAND_TONE",
  "VARIABLE_EXTRACTED",
  "NODE_REACHED",
  "NODES_VISITED",
  "WEBHOOK_TRIGGERED",
  "REGEX_MATCH",
  "STRING_CHECK",
  "CUSTOM_LLM",
  "TRAVERSAL_MATCH",
];

/** How the fake's Agent Testing answers; all optional, documented shapes by default. Tests may change them between requests. */
export interface AgentTestingOptions {
  /** Lists: `{scenarios: [...]}` (documented), a bare list or `{data: [...]}` (what the official CLI reads). */
  listShape?: "documented" | "array" | "data";
  /** Every object answer wrapped as `{data: ...}`. */
  wrap?: boolean;
  /** Reads of a batch or simulation set that still answer RUNNING before the result; Infinity never finishes. Default 0. */
  runningPolls?: number;
  /** The status a scenario's run ends in, by scenario name. Default PASSED. */
  outcomes?: Record<string, "PASSED" | "FAILED" | "ERROR" | "CANCELLED">;
  /** Assertion names that fail in a FAILED run, by scenario name (default: all of them). */
  failing?: Record<string, string[]>;
  /** A simulation set's pass rate per scenario name (0..1). Default 1, or 0 for a scenario whose outcome is not PASSED. */
  passRates?: Record<string, number>;
  /** What POST /runs/{id}/analyze answers under `analysis`. Default: one suggestion per NODE_REACHED node of the run's scenario. */
  analysis?: Record<string, unknown>;
  /** Batch runs answer without assertion_results (then only GET /runs/{id} has them). */
  bareBatchRuns?: boolean;
  /** What an ERROR run says in error_message, and what each judge's result says in reasoning (hostile text, say). */
  errorMessage?: string;
  reasoning?: string;
}

/** What the fake's Agent Testing holds. */
export interface AgentTestingStore {
  options: AgentTestingOptions;
  scenarios: Map<string, Record<string, unknown>>;
  runs: Map<string, Record<string, unknown>>;
  batches: Map<string, { body: Record<string, unknown>; polls: number; runIds: string[] }>;
  sets: Map<string, { body: Record<string, unknown>; polls: number; scenarioIds: string[]; per: number }>;
  next: number;
  send(res: ServerResponse, status: number, value: unknown): void;
}

/** A fresh store holding `scenarios` (as made in the web page: each needs `id`, `name` and `pathway_id`). */
export function createAgentTestingStore(
  options: AgentTestingOptions,
  scenarios: Record<string, unknown>[],
  send: AgentTestingStore["send"],
): AgentTestingStore {
  const store: AgentTestingStore = { options, scenarios: new Map(), runs: new Map(), batches: new Map(), sets: new Map(), next: 1, send };
  for (const s of scenarios) store.scenarios.set(String(s.id), withDefaults(store, s));
  return store;
}

function withDefaults(store: AgentTestingStore, s: Record<string, unknown>): Record<string, unknown> {
  const assertions = Array.isArray(s.assertions)
    ? s.assertions.map((a, i) => ({ is_required: true, weight: 1, order: i, ...(a as object), id: (a as { id?: string }).id ?? `asr-${store.next++}` }))
    : [];
  return {
    org_id: "org-1",
    category: "CUSTOM",
    scenario_type: "AGENT",
    max_turns: 20,
    start_node_id: null,
    request_data: {},
    bland_tone_enabled: false,
    is_required_for_promotion: false,
    enabled: true,
    created_at: "2026-08-01T10:00:00.000Z",
    ...s,
    assertions,
  };
}

/** Why a create or update body is refused, or undefined. */
function refuse(store: AgentTestingStore, body: Record<string, unknown>, id?: string): string | undefined {
  if (id === undefined && (typeof body.name !== "string" || body.name === "")) return "name is required";
  if (id === undefined && typeof body.pathway_id !== "string" && typeof body.persona_id !== "string") return "pathway_id or persona_id is required";
  if (body.max_turns !== undefined && (!Number.isInteger(body.max_turns) || (body.max_turns as number) < 1 || (body.max_turns as number) > 50))
    return "max_turns must be 1 to 50";
  const pathway = body.pathway_id ?? (id === undefined ? undefined : store.scenarios.get(id)?.pathway_id);
  if (typeof body.name === "string" && [...store.scenarios.values()].some((s) => s.id !== id && s.name === body.name && s.pathway_id === pathway))
    return "A scenario with this name already exists for this pathway";
  if (body.assertions !== undefined) {
    if (!Array.isArray(body.assertions)) return "assertions must be an array";
    for (const a of body.assertions as Record<string, unknown>[]) {
      if (!ASSERTION_TYPES.includes(String(a.type))) return `Invalid assertion type ${String(a.type)}`;
      const config = a.config as Record<string, unknown> | undefined;
      if (!config || typeof config !== "object") return "assertion config is required";
      if (a.type === "NODE_REACHED" && typeof config.node_id !== "string") return "NODE_REACHED needs config.node_id";
      if (a.type === "LLM_JUDGE" && typeof config.prompt !== "string") return "LLM_JUDGE needs config.prompt";
    }
  }
  return undefined;
}

/** The run of `scenario` as it ends, or still running. */
function makeRun(store: AgentTestingStore, scenario: Record<string, unknown>, batchId: string | undefined, status: string): Record<string, unknown> {
  const id = `run-${store.next++}`;
  const name = String(scenario.name);
  const assertions = (scenario.assertions as Record<string, unknown>[]) ?? [];
  const failing = store.options.failing?.[name];
  const results =
    status === "ERROR" || status === "CANCELLED"
      ? []
      : assertions.map((a) => ({
          assertion_id: a.id,
          type: a.type,
          passed: status === "PASSED" || (failing !== undefined && !failing.includes(String(a.name))),
          ...(a.type === "LLM_JUDGE" && { score: status === "PASSED" ? 0.9 : 0.2, reasoning: store.options.reasoning ?? `judged ${String(a.name)}` }),
        }));
  const nodes = assertions.filter((a) => a.type === "NODE_REACHED").map((a) => String((a.config as Record<string, unknown>).node_id));
  const run: Record<string, unknown> = {
    id,
    scenario_id: scenario.id,
    pathway_id: scenario.pathway_id,
    batch_id: batchId ?? null,
    status,
    overall_score: status === "PASSED" ? 0.95 : 0.3,
    turn_count: 4,
    duration_ms: 12_000,
    created_at: "2026-08-10T10:00:00.000Z",
    scenario: { id: scenario.id, name },
    chat_history: [
      { role: "assistant", content: "Hi, this is the clinic." },
      { role: "user", content: `I am ${String(scenario.tester_persona_name ?? "a caller")}.` },
    ],
    variables_extracted: {},
    nodes_visited: status === "PASSED" ? nodes : [],
    assertion_results: results,
    ...(status === "ERROR" && { error_message: store.options.errorMessage ?? "Invalid start_node_id" }),
  };
  store.runs.set(id, run);
  return run;
}

/** Answers an agent-testing request; false when the path is not one. */
export function handleAgentTesting(store: AgentTestingStore, method: string, url: string, text: string, res: ServerResponse): boolean {
  const [path, query = ""] = url.split("?") as [string, string?];
  if (!path.startsWith("/v1/agent-testing/")) return false;
  const o = store.options;
  const send = (status: number, value: unknown) => store.send(res, status, status < 300 && o.wrap && !Array.isArray(value) ? { data: value } : value);
  const list = (items: unknown[]) => store.send(res, 200, o.listShape === "array" ? items : o.listShape === "data" ? { data: items } : { scenarios: items });
  const body = parseObjectBody(text) ?? {};
  const one = /^\/v1\/agent-testing\/scenarios\/([^/]+)$/.exec(path);
  if (path === "/v1/agent-testing/scenarios" && method === "GET") {
    const pathwayId = new URLSearchParams(query).get("pathway_id");
    list([...store.scenarios.values()].filter((s) => pathwayId === null || s.pathway_id === pathwayId).map((s) => ({ ...s, most_recent_run: null })));
    return true;
  }
  if (path === "/v1/agent-testing/scenarios" && method === "POST") {
    const why = refuse(store, body);
    if (why) return (send(400, { error: why }), true);
    const scenario = withDefaults(store, { ...body, id: `scn-${store.next++}` });
    store.scenarios.set(String(scenario.id), scenario);
    return (send(200, scenario), true);
  }
  if (one && (method === "GET" || method === "PUT")) {
    const id = decodeURIComponent(one[1]!);
    const found = store.scenarios.get(id);
    if (!found) return (send(404, { error: "Scenario not found" }), true);
    if (method === "GET") return (send(200, found), true);
    const why = refuse(store, body, id);
    if (why) return (send(400, { error: why }), true);
    const updated = withDefaults(store, {
      ...found,
      ...body,
      id,
      updated_at: "2026-08-11T10:00:00.000Z",
      ...(body.assertions === undefined && { assertions: found.assertions }),
    });
    store.scenarios.set(id, updated);
    return (send(200, updated), true);
  }
  if (path === "/v1/agent-testing/batch-run" && method === "POST") {
    const ids = body.scenario_ids;
    if (!Array.isArray(ids) || ids.length === 0) return (send(400, { error: "scenario_ids is required" }), true);
    const missing = ids.find((id) => !store.scenarios.has(String(id)));
    if (missing !== undefined) return (send(404, { error: `Scenario ${String(missing)} not found` }), true);
    const batchId = `batch-${store.next++}`;
    const runIds = ids.map((id) =>
      String(makeRun(store, store.scenarios.get(String(id))!, batchId, o.outcomes?.[String(store.scenarios.get(String(id))!.name)] ?? "PASSED").id),
    );
    store.batches.set(batchId, { body: { ...body }, polls: 0, runIds });
    return (send(200, { batch_id: batchId, runs: runIds.map((r) => ({ run_id: r, scenario_id: store.runs.get(r)!.scenario_id })) }), true);
  }
  const batch = /^\/v1\/agent-testing\/batches\/([^/]+)$/.exec(path);
  if (batch && method === "GET") {
    const found = store.batches.get(decodeURIComponent(batch[1]!));
    if (!found) return (send(404, { error: "Batch not found" }), true);
    found.polls++;
    const running = found.polls <= (o.runningPolls ?? 0);
    const runs = found.runIds.map((r) => store.runs.get(r)!);
    const passed = runs.filter((r) => r.status === "PASSED").length;
    const status = running
      ? "RUNNING"
      : runs.every((r) => r.status === "PASSED")
        ? "PASSED"
        : runs.some((r) => r.status === "ERROR") && passed === 0
          ? "ERROR"
          : "FAILED";
    const shown = runs.map((r) =>
      running ? { ...r, status: "RUNNING", assertion_results: [] } : o.bareBatchRuns ? { ...r, assertion_results: undefined, chat_history: undefined } : r,
    );
    send(200, {
      id: batch[1],
      status,
      total_scenarios: runs.length,
      passed_scenarios: running ? 0 : passed,
      failed_scenarios: running ? 0 : runs.length - passed,
      trigger_source: "api",
      publish_on_pass: false,
      created_at: "2026-08-10T10:00:00.000Z",
      runs: shown,
    });
    return true;
  }
  if (path === "/v1/agent-testing/simulation-sets" && method === "POST") {
    const per = body.simulations_per_scenario;
    if (!Number.isInteger(per) || (per as number) < 1) return (send(400, { error: "simulations_per_scenario is required" }), true);
    const ids = Array.isArray(body.scenario_ids) ? body.scenario_ids.map(String) : [];
    if (ids.length === 0 || ids.some((id) => !store.scenarios.has(id))) return (send(400, { error: "scenario_ids must name your scenarios" }), true);
    const id = `set-${store.next++}`;
    store.sets.set(id, { body: { ...body }, polls: 0, scenarioIds: ids, per: per as number });
    return (
      send(200, {
        simulation_set_id: id,
        status: "PENDING",
        simulations_per_scenario: per,
        total_scenarios: ids.length,
        created_at: "2026-08-10T10:00:00.000Z",
      }),
      true
    );
  }
  const set = /^\/v1\/agent-testing\/simulation-sets\/([^/]+)$/.exec(path);
  if (set && method === "GET") {
    const found = store.sets.get(decodeURIComponent(set[1]!));
    if (!found) return (send(404, { error: "Simulation set not found" }), true);
    found.polls++;
    if (found.polls <= (o.runningPolls ?? 0))
      return (send(200, { id: set[1], status: "RUNNING", simulations_per_scenario: found.per, total_scenarios: found.scenarioIds.length }), true);
    const perScenario = Object.fromEntries(
      found.scenarioIds.map((sid) => {
        const scenario = store.scenarios.get(sid)!;
        const name = String(scenario.name);
        const rate = o.passRates?.[name] ?? ((o.outcomes?.[name] ?? "PASSED") === "PASSED" ? 1 : 0);
        const passed = Math.round(rate * found.per);
        const worst = makeRun(store, scenario, undefined, passed === found.per ? "PASSED" : (o.outcomes?.[name] ?? "FAILED"));
        return [
          sid,
          {
            scenario_id: sid,
            scenario_name: name,
            total_runs: found.per,
            passed,
            failed: found.per - passed,
            pass_rate: passed / found.per,
            is_flaky: passed > 0 && passed < found.per,
            scores: { mean: 0.5, median: 0.5, stddev: 0.1, min: 0.2, max: 0.9 },
            worst_run_id: worst.id,
            common_failure_modes: passed < found.per ? ["the caller was not understood"] : [],
            confidence: "medium",
          },
        ];
      }),
    );
    const all = Object.values(perScenario) as { pass_rate: number; is_flaky: boolean }[];
    send(200, {
      id: set[1],
      status: all.every((s) => s.pass_rate === 1) ? "PASSED" : "FAILED",
      simulations_per_scenario: found.per,
      total_scenarios: all.length,
      statistics: {
        per_scenario: perScenario,
        overall: {
          avg_pass_rate: all.reduce((n, s) => n + s.pass_rate, 0) / all.length,
          flaky_count: all.filter((s) => s.is_flaky).length,
          reliable_count: all.filter((s) => !s.is_flaky).length,
          total_runs: all.length * found.per,
        },
      },
      created_at: "2026-08-10T10:00:00.000Z",
      completed_at: "2026-08-10T10:05:00.000Z",
    });
    return true;
  }
  if (path === "/v1/agent-testing/runs" && method === "GET") {
    const batchId = new URLSearchParams(query).get("batch_id");
    const runs = [...store.runs.values()].filter((r) => batchId === null || r.batch_id === batchId);
    store.send(res, 200, o.listShape === "array" ? runs : o.listShape === "data" ? { data: runs } : { runs, total_count: runs.length });
    return true;
  }
  const run = /^\/v1\/agent-testing\/runs\/([^/]+)(\/analyze)?$/.exec(path);
  if (run) {
    const found = store.runs.get(decodeURIComponent(run[1]!));
    if (!found) return (send(404, { error: "Run not found" }), true);
    if (run[2] === undefined && method === "GET") return (send(200, found), true);
    if (run[2] !== undefined && method === "POST") {
      const scenario = store.scenarios.get(String(found.scenario_id));
      const nodes = ((scenario?.assertions as Record<string, unknown>[]) ?? [])
        .filter((a) => a.type === "NODE_REACHED")
        .map((a) => String((a.config as Record<string, unknown>).node_id));
      const analysis = o.analysis ?? {
        root_cause: "The agent never asked for the appointment time.",
        suggestions: nodes.map((node) => ({
          type: "prompt_change",
          target_node_id: node,
          target_node_name: `service name of ${node}`,
          description: "Ask for the time before confirming.",
          suggested_change: "Add: 'What time suits you?'",
          confidence: 0.8,
        })),
        node_id_to_name: Object.fromEntries(nodes.map((n) => [n, `service name of ${n}`])),
      };
      return (send(200, { analysis }), true);
    }
  }
  send(404, { error: "Not found" });
  return true;
}
