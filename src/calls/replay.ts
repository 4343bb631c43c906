// Replay: whether the path a recorded call took is still possible on an edited pathway, and where it first parts from it.
import { getFlow, getFlowEdgeKind, type FlowModel, type FlowSource } from "../graph/flow.js";
import { getNodeOutputs, getVariableUses, SYSTEM_VARIABLES, type VariableUse } from "../graph/variables.js";
import { nodeData } from "../model/pathway.js";
import { getSavedTools } from "../model/saved-tools.js";
import { evaluateCondition } from "../simulate/conditions.js";
import { getVariable } from "../simulate/variables.js";
import { mapCallToPathway, type CallPath, type MapCallOptions, type PathStep } from "./map-call.js";
import type { CallRecord } from "./record.js";

/** Why a recorded path parts from the edited pathway. */
export type DivergenceReason = "node-removed" | "way-gone" | "condition-false" | "variable-unset";

/** The first point where a recorded call's path is no longer possible. */
export interface Divergence {
  reason: DivergenceReason;
  /** Steps of the recorded path still possible before this point. */
  step: number;
  /** The node the call went to at that point (and the one it came from, for a way). */
  nodeId?: string;
  fromNodeId?: string;
  message: string;
}

/** `same`: the recorded path is still possible; `diverged`: see `divergence`; `skipped`: nothing to replay (see `reason`). */
export interface ReplayOutcome {
  callId: string;
  status: "same" | "diverged" | "skipped";
  reason?: string;
  divergence?: Divergence;
  steps: number;
}

/** Options of `replayCall`; all optional. */
export interface ReplayCallOptions extends MapCallOptions {
  /**
   * The pathway the call ran on (the file before the edit). With it, a `{{variable}}` read or a route condition is a
   * divergence only where the edited pathway newly leaves the read unset or the condition false: the same finding on
   * this pathway was the call's already. Without it (default), reads are not compared, and a route condition only
   * where the recorded variables show its values at the time (see `replayCall`).
   */
  base?: FlowSource;
}

/** A variable read or route condition of the recorded path that does not hold on a pathway, with its identity. */
interface PathFinding {
  /** The same read (log position, node, variable) or route (log position, from, to) on another pathway has the same key. */
  key: string;
  divergence: Divergence;
  /** For a route condition: the variables its conditions read. */
  reads?: string[];
}

/** Why a route's conditions do not hold for `variables`, and the variables they read; undefined when they hold. */
function routeFails(routes: unknown, ref: number, variables: Record<string, unknown>): { text: string; reads: string[] } | undefined {
  const conditions = Array.isArray(routes) ? (routes[ref] as { conditions?: unknown } | undefined)?.conditions : undefined;
  const list = (Array.isArray(conditions) ? conditions : []) as { field?: unknown; operator?: unknown; value?: unknown }[];
  const reads = list.map((c) => String(c.field ?? "").replace(/^\{\{\s*|\s*\}\}$/g, ""));
  for (let k = 0; k < list.length; k++) {
    const c = list[k]!;
    const actual = getVariable(variables, reads[k]!);
    if (!evaluateCondition(actual, String(c.operator ?? ""), c.value).holds)
      return { text: `${reads[k]} (${JSON.stringify(actual ?? null)}) ${String(c.operator)} ${JSON.stringify(c.value)} does not hold`, reads };
  }
  return undefined;
}

/**
 * For a step the call took by a route: why no way from the node before it to its node can have been taken with the
 * recorded variables, and the variables the failing conditions read. A log names nodes, not ways: where another route
 * whose conditions hold, a fallback or an edge joins the same two nodes, the call may have taken that one.
 */
function failedCondition(flow: FlowModel, from: string, step: PathStep, variables: Record<string, unknown>): { text: string; reads: string[] } | undefined {
  if (step.via !== "route") return undefined;
  const a = flow.indexOf.get(from)!;
  const b = flow.indexOf.get(step.nodeId);
  const routes = nodeData(flow.nodes[a]!.node).routes;
  let failure: { text: string; reads: string[] } | undefined;
  for (let p = flow.outOffset[a]!; p < flow.outOffset[a + 1]!; p++) {
    if (flow.outTarget[p] !== b) continue;
    if (getFlowEdgeKind(flow.outKind[p]!) !== "route") return undefined;
    const fails = routeFails(routes, flow.outRef[p]!, variables);
    if (fails === undefined) return undefined;
    if (failure === undefined) failure = fails;
    else failure = { text: `${failure.text}; ${fails.text}`, reads: [...failure.reads, ...fails.reads] };
  }
  return failure;
}

/** Per node of a pathway: the variables it reads, what it sets, and whether it may set others (opaque). */
interface NodeVariables {
  reads: Map<string, VariableUse[]>;
  sets: Map<string, { names: Set<string>; opaque: boolean }>;
}

/** One scan per model, so replaying many calls on one pathway stays linear in the records. */
const nodeVariables = new WeakMap<FlowModel, NodeVariables>();

function getNodeVariables(flow: FlowModel): NodeVariables {
  let cached = nodeVariables.get(flow);
  if (cached) return cached;
  cached = { reads: new Map(), sets: new Map() };
  // The global prompt (nodeId "") applies everywhere, before any node runs; a call that spoke already had it, so it is not replayed here.
  for (const use of getVariableUses(flow)) if (use.nodeId !== "") cached.reads.set(use.nodeId, [...(cached.reads.get(use.nodeId) ?? []), use]);
  const savedTools = getSavedTools(flow.pathway);
  for (const { node } of flow.nodes) {
    const out = getNodeOutputs(node, savedTools);
    if (out.names.length > 0 || out.opaque !== undefined)
      cached.sets.set(node.id, { names: new Set(out.names.map((n) => n.name)), opaque: out.opaque !== undefined });
  }
  nodeVariables.set(flow, cached);
  return cached;
}

/** The names the nodes of a path set (every step). */
function setAlong(flow: FlowModel, path: CallPath): Set<string> {
  const vars = getNodeVariables(flow);
  const names = new Set<string>();
  for (const step of path.steps) for (const name of vars.sets.get(step.nodeId)?.names ?? []) names.add(name);
  return names;
}

/**
 * Every read of the first `upTo` steps of the path that nothing gives a value (not in `known`, not set by a node of
 * the path up to and including that one: a node's own definitions count for its own fields, as in the linter; after
 * a node whose outputs cannot be read, nothing), and every route the path took whose conditions the recorded
 * variables do not meet.
 */
function getPathFindings(flow: FlowModel, path: CallPath, known: ReadonlySet<string>, upTo: number): PathFinding[] {
  const vars = getNodeVariables(flow);
  const set = new Set<string>();
  let opaque = false;
  const findings: PathFinding[] = [];
  const steps = path.steps;
  for (let s = 0; s < upTo; s++) {
    const step = steps[s]!;
    const failed = s === 0 ? undefined : failedCondition(flow, steps[s - 1]!.nodeId, step, path.variables);
    if (failed !== undefined) {
      const from = steps[s - 1]!.nodeId;
      const message = `the route from ${from} to ${step.nodeId} no longer holds: ${failed.text}`;
      findings.push({
        key: `route\u0000${step.position}\u0000${from}\u0000${step.nodeId}`,
        reads: failed.reads,
        divergence: { reason: "condition-false", step: s, nodeId: step.nodeId, fromNodeId: from, message },
      });
    }
    const own = vars.sets.get(step.nodeId);
    if (own) {
      for (const name of own.names) set.add(name);
      if (own.opaque) opaque = true;
    }
    if (opaque) continue;
    for (const use of vars.reads.get(step.nodeId) ?? []) {
      if (known.has(use.root) || known.has(use.name) || set.has(use.root) || set.has(use.name)) continue;
      const message = `node ${use.nodeId} reads {{${use.name}}} (${use.field}), which no node before it on the path sets any more`;
      findings.push({
        key: `read\u0000${step.position}\u0000${use.nodeId}\u0000${use.name}`,
        divergence: { reason: "variable-unset", step: s, nodeId: use.nodeId, message },
      });
    }
  }
  return findings;
}

/**
 * True when the recorded variables show the values a route condition read when the call took the route: each is
 * recorded (or in request_data), and no node the call visited after the route sets one of them, nor any node whose
 * outputs cannot be read. The record holds the variables the call ended with, so otherwise a value may have changed
 * after the route (or never been recorded), and the call took the route on the pathway it ran on.
 */
function readsStable(flow: FlowModel, path: CallPath, record: CallRecord, finding: PathFinding): boolean {
  const reads = finding.reads ?? [];
  const recorded = (name: string) => getVariable(path.variables, name) !== undefined || getVariable(record.requestData ?? {}, name) !== undefined;
  if (!reads.every(recorded)) return false;
  const roots = new Set(reads.flatMap((r) => [r, r.split(".")[0]!]));
  const vars = getNodeVariables(flow);
  for (let s = finding.divergence.step; s < path.steps.length; s++) {
    const own = vars.sets.get(path.steps[s]!.nodeId);
    if (own && (own.opaque || [...own.names].some((n) => roots.has(n)))) return false;
  }
  return true;
}

/**
 * Replays one recorded call on an edited pathway offline: maps its log onto the edited pathway (the one mapping,
 * `mapCallToPathway`) and reports the first node that is gone, the first move no way allows any more, and, before
 * those, the first `{{variable}}` read the edit newly leaves unset or route condition it newly makes false. Newly:
 * with `options.base` (the pathway the call ran on), a read or condition that fails there as well was the call's
 * already and is not a divergence; without it, reads are not compared (a read of a variable the call never had
 * failed on the pathway it ran on too, or the edit added it: the record cannot tell which), and a route condition
 * counts only when the recorded variables show its values at the time (`readsStable`). So a call replayed on the
 * pathway it ran on never diverges. Entries of an unknown shape are not divergences (they matched nothing before
 * either). Records without a log, or of another pathway, are skipped.
 */
export function replayCall(record: CallRecord, source: FlowSource, options: ReplayCallOptions = {}): ReplayOutcome {
  const { base, ...mapOptions } = options;
  const flow = getFlow(source);
  const path = mapCallToPathway(record, flow, mapOptions);
  const outcome = { callId: record.callId, steps: path.steps.length };
  if (path.status === "unmapped" && (record.log === undefined || path.reason !== "no log entry names a node of this pathway")) {
    return { ...outcome, status: "skipped", reason: path.reason ?? "not mapped" };
  }
  // The first problem in call order: unmapped entries carry their log position, steps their order in the path.
  const first = path.unmapped.find((u) => u.reason !== "unknown-shape");
  let stepsBefore = path.steps.length;
  let divergence: Divergence | undefined;
  if (first) {
    // A no-way entry starts the step it leads to, which is not possible any more: the steps before it are.
    stepsBefore = path.steps.filter((s) => s.position < first.position).length;
    divergence = {
      reason: first.reason === "unknown-node" ? "node-removed" : "way-gone",
      step: stepsBefore,
      ...(first.nodeId === undefined ? {} : { nodeId: first.nodeId }),
      ...(first.reason === "no-way" && stepsBefore > 0 ? { fromNodeId: path.steps[stepsBefore - 1]!.nodeId } : {}),
      message:
        first.reason === "unknown-node"
          ? `node ${first.nodeId} is no longer in the pathway`
          : first.message.replace("no way of the pathway leads", "no way leads any more"),
    };
  }
  const given = [...SYSTEM_VARIABLES, ...Object.keys(record.requestData ?? {})];
  let fresh: PathFinding[];
  if (base !== undefined) {
    // A recorded variable a node of the path set on the pathway the call ran on is one the edit can take away; the
    // others came from elsewhere (the service, dynamic_data) and stay given.
    const baseFlow = getFlow(base);
    const basePath = mapCallToPathway(record, baseFlow, mapOptions);
    const setOnBase = setAlong(baseFlow, basePath);
    const known = new Set([...given, ...Object.keys(path.variables).filter((name) => !setOnBase.has(name))]);
    const already = new Set(getPathFindings(baseFlow, basePath, known, basePath.steps.length).map((f) => f.key));
    fresh = getPathFindings(flow, path, known, stepsBefore).filter((f) => !already.has(f.key));
  } else {
    const known = new Set([...given, ...Object.keys(path.variables)]);
    fresh = getPathFindings(flow, path, known, stepsBefore).filter((f) => f.divergence.reason === "condition-false" && readsStable(flow, path, record, f));
  }
  // Findings lie within the steps still possible: the first of them comes before a node or way that is gone.
  if (fresh.length > 0) divergence = fresh[0]!.divergence;
  if (path.steps.length === 0 && !divergence) divergence = { reason: "node-removed", step: 0, message: "no node the call visited is in the pathway any more" };
  return divergence ? { ...outcome, status: "diverged", divergence } : { ...outcome, status: "same" };
}
