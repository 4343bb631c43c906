// Ways into a node the generator can steer: inputs that pick a route or response route, and a transfer not answered ahead.
import { getFlowEdgeKind } from "../../graph/index.js";
import { getNodeType } from "../../model/node-types/index.js";
import { isTransferNode, nodeData } from "../../model/pathway.js";
import { getSimNodeName, getSimWays, type Simulator } from "../machine.js";
import type { TransferAnswer, WebhookResponse } from "../types.js";

/** A value that makes `actual <operator> value` hold, for the operators the engine knows. */
export function getSatisfyingValue(operator: string, value: unknown): unknown {
  const op = operator.trim().toLowerCase();
  const n = Number(value);
  const numeric = value !== "" && value !== null && Number.isFinite(n);
  if (["!=", "is not", "not equals", "not equal to", "is not equal to"].includes(op)) return numeric ? n + 1 : `not ${String(value)}`;
  if ([">", "greater than"].includes(op)) return numeric ? n + 1 : value;
  if (["<", "less than"].includes(op)) return numeric ? n - 1 : value;
  if (["does not contain", "not contains"].includes(op)) return "-";
  if (["is empty", "does not exist"].includes(op)) return "";
  if (["is not empty", "exists"].includes(op)) return "yes";
  return value;
}

/** One way into a node: the inputs that steer it, and how the transfers reached on the way are answered. */
export type Variant = { vars?: Record<string, unknown>; webhooks?: Record<string, WebhookResponse>; transfer?: TransferAnswer | readonly TransferAnswer[] };

/** The longest run of unanswered transfers a generated turn writes (a chain of warm transfers longer than this is not met). */
const MAX_UNANSWERED = 6;

/**
 * How many transfers with a voicemail edge entering `target` can reach: the node itself and every node the engine
 * moves on to by itself from there (routes, response routes, fallbacks, press targets, voicemail edges), however many
 * moves away. A turn passes at most that many of them unanswered in a row.
 */
function voicemailTransfers(sim: Simulator, target: string): number {
  let count = 0;
  for (const id of getAutoReach(sim, target)) {
    const node = sim.nodes.get(id);
    if (node !== undefined && isTransferNode(node) && getSimWays(sim, id).some((w) => w.kind === "voicemail")) count++;
  }
  return Math.min(count, MAX_UNANSWERED);
}

/**
 * Ways into `target`: one per route / response route (with the inputs that pick it), or just one; where that can
 * lead on along a voicemail edge, each again with every transfer of the turn unanswered (`not-answered`), and with
 * the first 1, 2, ... transfers unanswered and the next one answered (`[not-answered, ...]`): a voicemail edge that
 * leads to a second transfer is only taken by a turn in which the first transfer is not answered and the second is
 * (with every transfer unanswered, a second one without a voicemail edge of its own stops the call).
 */
export function getVariants(sim: Simulator, target: string): Variant[] {
  const variants = getSteeringVariants(sim, target);
  const chain = voicemailTransfers(sim, target);
  if (chain === 0) return variants;
  const out = [...variants, ...variants.map((v) => ({ ...v, transfer: "not-answered" as const }))];
  for (let k = 1; k <= chain; k++) {
    const transfer: readonly TransferAnswer[] = Array.from({ length: k }, () => "not-answered" as const);
    for (const v of variants) out.push({ ...v, transfer });
  }
  return out;
}

function getSteeringVariants(sim: Simulator, target: string): Variant[] {
  const node = sim.nodes.get(target);
  if (!node) return [{}];
  const data = nodeData(node);
  // The generator steers what the simulator decides on entry: a Route's routes, a webhook's response routes.
  const movesOn = getNodeType(node.type)?.flow.movesOn;
  if (movesOn === "routes" && Array.isArray(data.routes)) {
    const variants: { vars?: Record<string, unknown> }[] = data.routes.map((route) => {
      const vars: Record<string, unknown> = {};
      for (const c of route.conditions ?? []) if (typeof c.field === "string") vars[c.field] = getSatisfyingValue(String(c.operator ?? ""), c.value);
      return Object.keys(vars).length > 0 ? { vars } : {};
    });
    // The fallback: variables that satisfy no route (best effort).
    const none: Record<string, unknown> = {};
    for (const route of data.routes) for (const c of route.conditions ?? []) if (typeof c.field === "string") none[c.field] = "__none__";
    variants.push(Object.keys(none).length > 0 ? { vars: none } : {});
    return variants;
  }
  if (movesOn === "response-routes" && Array.isArray(data.responsePathways) && data.responsePathways.length > 0) {
    const ref = getSimNodeName(node) ?? node.id;
    return data.responsePathways.map(([variable, operator, value]) => {
      if (variable === "BlandStatusCode") return { webhooks: { [ref]: { status: Number(getSatisfyingValue(String(operator), value)) || 200, body: {} } } };
      if (String(operator).trim() === "") return { webhooks: { [ref]: { status: 200, body: {} } } };
      return { vars: { [variable]: getSatisfyingValue(String(operator), value) }, webhooks: { [ref]: { status: 200, body: {} } } };
    });
  }
  return [{}];
}

const autoReachCache = new WeakMap<Simulator["flow"], Map<string, ReadonlySet<string>>>();

/**
 * `nodeId` and every node the engine may move on to from it by itself, transitively: along routes, fallbacks, response
 * routes, press targets and voicemail edges (every way of the flow model that is not a caller's edge).
 */
export function getAutoReach(sim: Simulator, nodeId: string): ReadonlySet<string> {
  let byNode = autoReachCache.get(sim.flow);
  if (!byNode) autoReachCache.set(sim.flow, (byNode = new Map()));
  const known = byNode.get(nodeId);
  if (known) return known;
  const { flow } = sim;
  const reach = new Set<string>([nodeId]);
  const stack = [flow.indexOf.get(nodeId)];
  while (stack.length > 0) {
    const i = stack.pop();
    if (i === undefined) continue;
    for (let p = flow.outOffset[i]!, end = flow.outOffset[i + 1]!; p < end; p++) {
      if (getFlowEdgeKind(flow.outKind[p]!) === "edge") continue;
      const to = flow.ids[flow.outTarget[p]!]!;
      if (reach.has(to)) continue;
      reach.add(to);
      stack.push(flow.outTarget[p]!);
    }
  }
  byNode.set(nodeId, reach);
  return reach;
}
