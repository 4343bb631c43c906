// Replay: whether the path a recorded call took is still possible on an edited pathway, and where it first parts from it.
import { getFlow, type FlowModel, type FlowSource } from "../graph/flow.js";
import { getNodeOutputs, getVariableUses, SYSTEM_VARIABLES, type VariableUse } from "../graph/variables.js";
import { nodeData } from "../model/pathway.js";
import { evaluateCondition } from "../simulate/conditions.js";
import { getVariable } from "../simulate/variables.js";
import { mapCallToPathway, type MapCallOptions, type PathStep } from "./map-call.js";
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

/** The route conditions of the step's way that the call's recorded variables no longer meet (its end-of-call variables). */
function failedCondition(flow: FlowModel, from: string, step: PathStep, variables: Record<string, unknown>): string | undefined {
  if (step.via !== "route" || step.ref === undefined) return undefined;
  const node = flow.nodes[flow.indexOf.get(from)!]!.node;
  const routes = nodeData(node).routes;
  const conditions = Array.isArray(routes) ? routes[step.ref]?.conditions : undefined;
  for (const c of Array.isArray(conditions) ? conditions : []) {
    const field = String(c.field ?? "").replace(/^\{\{\s*|\s*\}\}$/g, "");
    const actual = getVariable(variables, field);
    if (!evaluateCondition(actual, String(c.operator ?? ""), c.value).holds) return `${field} (${JSON.stringify(actual ?? null)}) ${String(c.operator)} ${JSON.stringify(c.value)} does not hold`;
  }
  return undefined;
}

/** Per node of the edited pathway: the variables it reads, what it sets, and whether it may set others (opaque). */
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
  for (const { node } of flow.nodes) {
    const out = getNodeOutputs(node);
    if (out.names.length > 0 || out.opaque !== undefined) cached.sets.set(node.id, { names: new Set(out.names.map((n) => n.name)), opaque: out.opaque !== undefined });
  }
  nodeVariables.set(flow, cached);
  return cached;
}

/**
 * The first variable node `s` of the path reads that nothing gives a value: not a system variable, not in the call's
 * request_data or recorded variables, not set by a node of the path up to and including this one (a node's own
 * definitions count for its own fields, as in the linter). After a node whose outputs cannot be read, nothing is said.
 */
function unsetRead(vars: NodeVariables, path: readonly PathStep[], s: number, known: ReadonlySet<string>, set: Set<string>, opaque: { seen: boolean }): VariableUse | undefined {
  const own = vars.sets.get(path[s]!.nodeId);
  if (own) {
    for (const name of own.names) set.add(name);
    if (own.opaque) opaque.seen = true;
  }
  if (opaque.seen) return undefined;
  for (const use of vars.reads.get(path[s]!.nodeId) ?? []) {
    if (!known.has(use.root) && !known.has(use.name) && !set.has(use.root) && !set.has(use.name)) return use;
  }
  return undefined;
}

/**
 * Replays one recorded call on an edited pathway offline: maps its log onto the edited pathway (the one mapping,
 * `mapCallToPathway`) and reports the first node that is gone, the first move no way allows any more, or the first
 * route whose conditions the call's recorded variables no longer meet, or the first node whose `{{variable}}` nothing
 * sets any more (see `unsetRead`). Entries of an unknown shape are not
 * divergences (they matched nothing before either). Records without a log, or of another pathway, are skipped.
 */
export function replayCall(record: CallRecord, source: FlowSource, options: MapCallOptions = {}): ReplayOutcome {
  const flow = getFlow(source);
  const path = mapCallToPathway(record, flow, options);
  const base = { callId: record.callId, steps: path.steps.length };
  if (path.status === "unmapped" && (record.log === undefined || path.reason !== "no log entry names a node of this pathway")) {
    return { ...base, status: "skipped", reason: path.reason ?? "not mapped" };
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
      message: first.reason === "unknown-node" ? `node ${first.nodeId} is no longer in the pathway` : first.message.replace("no way of the pathway leads", "no way leads any more"),
    };
  }
  const vars = getNodeVariables(flow);
  const known = new Set([...SYSTEM_VARIABLES, ...Object.keys(record.requestData ?? {}), ...Object.keys(path.variables)]);
  const set = new Set<string>();
  const opaque = { seen: false };
  for (let s = 0; s < stepsBefore; s++) {
    const failed = s === 0 ? undefined : failedCondition(flow, path.steps[s - 1]!.nodeId, path.steps[s]!, path.variables);
    if (failed !== undefined) {
      divergence = { reason: "condition-false", step: s, nodeId: path.steps[s]!.nodeId, fromNodeId: path.steps[s - 1]!.nodeId, message: `the route from ${path.steps[s - 1]!.nodeId} to ${path.steps[s]!.nodeId} no longer holds: ${failed}` };
      break;
    }
    const unset = unsetRead(vars, path.steps, s, known, set, opaque);
    if (unset !== undefined) {
      divergence = { reason: "variable-unset", step: s, nodeId: unset.nodeId, message: `node ${unset.nodeId} reads {{${unset.name}}} (${unset.field}), which no node before it on the path sets any more and the call did not have` };
      break;
    }
  }
  if (path.steps.length === 0 && !divergence) divergence = { reason: "node-removed", step: 0, message: "no node the call visited is in the pathway any more" };
  return divergence ? { ...base, status: "diverged", divergence } : { ...base, status: "same" };
}
