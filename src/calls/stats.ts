// Production coverage: per node and way, how many mapped calls reached it and ended there, gathered one call at a time.
import { getFlow, getFlowWays, getFlowWayCaption, type FlowModel, type FlowSource } from "../graph/flow.js";
import { getNodeOutputs } from "../graph/variables.js";
import { nodeData } from "../model/pathway.js";
import type { CallEndingKind } from "./ending.js";
import type { CallPath, UnmappedReason } from "./map-call.js";
import { maskPersonalText } from "./mask.js";
import type { StepWebhook } from "./step-events.js";

/** One node's counts. */
export interface NodeCallCount {
  id: string;
  name: string;
  /** Calls that visited the node at least once. */
  reached: number;
  /** Calls whose last mapped step is this node. */
  endedHere: number;
  /** Calls that ended here in an error state or at voicemail. */
  errors: number;
  voicemail: number;
  /**
   * v2 event traces: webhooks run at this node (`webhook.invoke`), the failed ones (a `webhook.error`, or a status
   * outside 2xx), and up to five examples of what went wrong (failures, and mappings that left a variable empty;
   * phone numbers and emails masked). Absent when no call ran one here.
   */
  webhooks?: { invoked: number; failed: number; examples: string[] };
  /**
   * v2 event traces: the variables the routing decisions made at this node changed (`node.transition`'s
   * `variable_changes`), each with the number of calls that changed it there, most first; at most 50 names. Absent
   * when none did.
   */
  variablesChanged?: { name: string; calls: number }[];
}

/** One way's counts (a way of the flow model, or a global jump or return into a node). */
export interface WayCallCount {
  kind: string;
  from: string;
  to: string;
  /** The way's caption as diagrams show it. */
  label: string;
  /** Calls that took it at least once. */
  taken: number;
}

/** What `calls stats` reports. */
export interface CallStats {
  calls: number;
  mapped: number;
  partial: number;
  unmapped: number;
  /** mapped + partial, over calls; 0 without calls. */
  mappedShare: number;
  /** Why calls were not mapped at all, with counts, most frequent first. */
  notMappedReasons: { reason: string; count: number }[];
  /** Entries that matched nothing, by reason, with counts and up to five named examples. */
  unmappedSteps: { reason: UnmappedReason; count: number; examples: string[] }[];
  endings: Partial<Record<CallEndingKind, number>>;
  nodes: NodeCallCount[];
  ways: WayCallCount[];
  /** Ids of nodes no mapped call reached. */
  nodesNeverReached: string[];
  /**
   * Ways (of the flow model) no mapped call took, as `from -> to (kind)`. A log names nodes, not ways: where two ways
   * join the same two nodes (an edge and a route), a call that moved between them took one of them, and neither is listed.
   */
  waysNeverTaken: string[];
  /** Variables the pathway extracts (extractVars) that no mapped call ended with a value for. */
  variablesNeverFilled: string[];
  /** v2 event types the trace's documentation does not list, with the number of calls that had them (read for their node only). */
  unknownEventTypes: { type: string; calls: number }[];
}

/** Adds calls one at a time (memory grows with the pathway, never with the number of calls) and gives the stats. */
export interface CallStatsCollector {
  add(path: CallPath): void;
  result(): CallStats;
}

const MAX_REASONS = 50;
const MAX_EXAMPLES = 5;
/** Most variable names counted per node, and most unknown event types counted: a hostile trace cannot fill memory. */
const MAX_NAMES = 50;

/** What went wrong with a webhook, in a few words each (none when nothing did). */
function webhookProblems(hook: StepWebhook): string[] {
  const out: string[] = [];
  const what = hook.toolName === undefined ? "webhook" : `tool ${hook.toolName}`;
  if (hook.outcome === "failed") out.push(hook.message !== undefined ? `${what} failed: ${hook.message}` : `${what} answered ${hook.status ?? "an error"}`);
  for (const m of hook.mappings ?? []) out.push(`mapping of ${m.name}: ${m.outcome}${m.detail === undefined ? "" : ` (${m.detail})`}`);
  return out.map((t) => maskPersonalText(t.length > 200 ? `${t.slice(0, 199)}…` : t));
}

function wayKey(kind: string, from: number, to: number, ref: number): string {
  return `${kind}\u0000${from}\u0000${to}\u0000${ref}`;
}

function extractedVariables(flow: FlowModel): string[] {
  const names = new Set<string>();
  for (const { node } of flow.nodes) for (const out of getNodeOutputs(node).names) if (out.source === "extractVars") names.add(out.name);
  return [...names].sort();
}

function filled(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);
}

/** Starts collecting coverage of `source` from mapped calls (see `mapCallToPathway`). */
export function createCallStats(source: FlowSource): CallStatsCollector {
  const flow = getFlow(source);
  const n = flow.ids.length;
  const nodes: NodeCallCount[] = flow.ids.map((id, i) => {
    const name = nodeData(flow.nodes[i]!.node).name;
    return { id, name: typeof name === "string" && name.trim() !== "" ? name : id, reached: 0, endedHere: 0, errors: 0, voicemail: 0 };
  });
  const ways: WayCallCount[] = [];
  const wayIndex = new Map<string, number>();
  for (const way of getFlowWays(flow)) {
    if (way.when === "never" || way.fromIndex < 0 || way.toIndex < 0) continue;
    const key = wayKey(way.kind, way.fromIndex, way.toIndex, way.ref);
    if (wayIndex.has(key)) continue;
    wayIndex.set(key, ways.length);
    ways.push({ kind: way.kind, from: way.from, to: way.to, label: getFlowWayCaption(way), taken: 0 });
  }
  const flowWays = ways.length;
  const variables = extractedVariables(flow);
  const filledVars = new Set<string>();
  // Per-call "seen" marks without a new set per call: a mark equal to the call's number means seen in this call.
  const nodeMark = new Int32Array(n);
  let wayMark = new Int32Array(ways.length + 16);
  const notMapped = new Map<string, number>();
  const pairsTaken = new Set<number>();
  const steps = new Map<UnmappedReason, { count: number; examples: string[] }>();
  const endings: Partial<Record<CallEndingKind, number>> = {};
  const totals = { calls: 0, mapped: 0, partial: 0, unmapped: 0 };
  const changed = new Map<number, Map<string, number>>();
  const unknownTypes = new Map<string, number>();

  const countWay = (kind: string, from: number, to: number, ref: number, stamp: number) => {
    const key = wayKey(kind, from, to, ref);
    let w = wayIndex.get(key);
    if (w === undefined) {
      w = ways.length;
      wayIndex.set(key, w);
      ways.push({ kind, from: flow.ids[from]!, to: flow.ids[to]!, label: kind === "global" ? "global jump" : kind === "return" ? "return" : "", taken: 0 });
      if (w >= wayMark.length) wayMark = Int32Array.from({ length: w * 2 }, (_, k) => wayMark[k] ?? 0);
    }
    if (wayMark[w] !== stamp) {
      wayMark[w] = stamp;
      ways[w]!.taken++;
    }
  };

  return {
    add(path) {
      const stamp = ++totals.calls;
      endings[path.ending.kind] = (endings[path.ending.kind] ?? 0) + 1;
      if (path.status === "unmapped") {
        totals.unmapped++;
        const reason = path.reason ?? "not mapped";
        if (notMapped.has(reason) || notMapped.size < MAX_REASONS) notMapped.set(reason, (notMapped.get(reason) ?? 0) + 1);
        return;
      }
      totals[path.status]++;
      for (const u of path.unmapped) {
        const entry = steps.get(u.reason) ?? { count: 0, examples: [] };
        entry.count++;
        if (entry.examples.length < MAX_EXAMPLES && !entry.examples.includes(u.message)) entry.examples.push(u.message);
        steps.set(u.reason, entry);
      }
      for (const type of path.unknownEventTypes ?? [])
        if (unknownTypes.has(type) || unknownTypes.size < MAX_NAMES) unknownTypes.set(type, (unknownTypes.get(type) ?? 0) + 1);
      // Names changed per node in this call, so a node passed twice counts a call once.
      let names: Map<number, Set<string>> | undefined;
      let prev = -1;
      for (const step of path.steps) {
        const i = flow.indexOf.get(step.nodeId)!;
        if (nodeMark[i] !== stamp) {
          nodeMark[i] = stamp;
          nodes[i]!.reached++;
        }
        for (const hook of step.webhooks ?? []) {
          const counts = (nodes[i]!.webhooks ??= { invoked: 0, failed: 0, examples: [] });
          counts.invoked++;
          if (hook.outcome === "failed") counts.failed++;
          for (const example of webhookProblems(hook))
            if (counts.examples.length < MAX_EXAMPLES && !counts.examples.includes(example)) counts.examples.push(example);
        }
        const change = step.variableChanges;
        if (change) {
          names ??= new Map();
          let set = names.get(i);
          if (!set) names.set(i, (set = new Set()));
          for (const name of [...change.added, ...change.modified, ...change.removed]) set.add(name);
        }
        if (prev >= 0 && step.via !== "none") {
          countWay(step.via, prev, i, step.ref ?? (step.via === "fallback" ? 0 : -1), stamp);
          pairsTaken.add(prev * n + i);
        }
        prev = i;
      }
      for (const [i, set] of names ?? []) {
        let counts = changed.get(i);
        if (!counts) changed.set(i, (counts = new Map()));
        for (const name of set) if (counts.has(name) || counts.size < MAX_NAMES) counts.set(name, (counts.get(name) ?? 0) + 1);
      }
      const last = nodes[prev]!;
      last.endedHere++;
      if (path.ending.kind === "error") last.errors++;
      if (path.ending.kind === "voicemail") last.voicemail++;
      for (const name of variables) if (!filledVars.has(name) && filled(path.variables[name])) filledVars.add(name);
    },
    result() {
      const mappedCalls = totals.mapped + totals.partial;
      for (const [i, counts] of changed)
        nodes[i]!.variablesChanged = [...counts].map(([name, calls]) => ({ name, calls })).sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name));
      return {
        ...totals,
        mappedShare: totals.calls === 0 ? 0 : mappedCalls / totals.calls,
        notMappedReasons: [...notMapped].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
        unmappedSteps: [...steps].map(([reason, s]) => ({ reason, ...s })).sort((a, b) => b.count - a.count),
        endings,
        nodes,
        ways,
        nodesNeverReached: nodes.filter((x) => x.reached === 0).map((x) => x.id),
        waysNeverTaken: ways
          .slice(0, flowWays)
          .filter((w) => !pairsTaken.has(flow.indexOf.get(w.from)! * n + flow.indexOf.get(w.to)!))
          .map((w) => `${w.from} -> ${w.to} (${w.kind})`),
        variablesNeverFilled: variables.filter((v) => !filledVars.has(v)),
        unknownEventTypes: [...unknownTypes].map(([type, calls]) => ({ type, calls })).sort((a, b) => b.calls - a.calls || a.type.localeCompare(b.type)),
      };
    },
  };
}
