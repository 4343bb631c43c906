// Ways into a node the generator can steer: inputs that pick a route or response route, and a transfer not answered ahead.
import { getFlowEdgeKind } from "../../graph/index.js";
import { getNodeType } from "../../model/node-types/index.js";
import { isTransferNode, nodeData } from "../../model/pathway.js";
import { getSimNodeName, getSimWays, type Simulator } from "../machine.js";
import type { WebhookResponse } from "../types.js";

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

/** One way into a node: the inputs that steer it, and whether a transfer reached on the way is answered. */
export type Variant = { vars?: Record<string, unknown>; webhooks?: Record<string, WebhookResponse>; transfer?: "not-answered" };

/**
 * True when entering `target` can reach a transfer with a voicemail edge: the node itself or any node the engine moves
 * on to by itself from there (routes, response routes, fallbacks, press targets, other voicemail edges), however many
 * moves away. One move was looked at: a transfer two automatic moves on was reached only answered.
 */
function leadsToVoicemail(sim: Simulator, target: string): boolean {
  for (const id of getAutoReach(sim, target)) {
    const node = sim.nodes.get(id);
    if (node !== undefined && isTransferNode(node) && getSimWays(sim, id).some((w) => w.kind === "voicemail")) return true;
  }
  return false;
}

/**
 * Ways into `target`: one per route / response route (with the inputs that pick it), or just one; each again with the
 * transfer not answered when that can lead on along a voicemail edge.
 */
export function getVariants(sim: Simulator, target: string): Variant[] {
  const variants = getSteeringVariants(sim, target);
  return leadsToVoicemail(sim, target) ? [...variants, ...variants.map((v) => ({ ...v, transfer: "not-answered" as const }))] : variants;
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

