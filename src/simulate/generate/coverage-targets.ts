// What coverage counts and scenario generation aims at (edges taken, jumps to global nodes, automatic ways), as typed keys.
import { getEdgeEntryIndex, getFlowWays, type FlowModel, type FlowWay, type FlowWhen } from "../../graph/index.js";
import { getEdges } from "../../model/pathway.js";
import type { Pathway } from "../../model/schema.js";
import type { TraceEvent } from "../types.js";

declare const targetKeyBrand: unique symbol;

/**
 * The identity of a coverage target, for sets and maps. Made only by `edgeTargetKey`, `globalTargetKey` and
 * `wayTargetKey`, and never taken apart: what a target is lives in its `CoverageTarget`.
 */
export type TargetKey = string & { readonly [targetKeyBrand]: true };

/** The key of taking edge `edgeId` out of node `from` (an edge is told apart by its source as well: ids may repeat). */
export function edgeTargetKey(from: string, edgeId: string): TargetKey {
  return `edge:${from}\u0000${edgeId}` as TargetKey;
}

/** The key of jumping into global node `node`. */
export function globalTargetKey(node: string): TargetKey {
  return `global:${node}` as TargetKey;
}

/** The key of an automatic way (route, fallback, response route, press target) from `from` to `to`. */
export function wayTargetKey(from: string, to: string): TargetKey {
  return `way:${from}\u0000${to}` as TargetKey;
}

/**
 * One thing to cover. `node` is where it is taken: the source of an edge or way, or the global node jumped into.
 * `when` is the flow model's circumstance for an edge or way.
 */
export type CoverageTarget =
  | { kind: "edge"; key: TargetKey; node: string; edgeId: string; when: FlowWhen }
  | { kind: "global"; key: TargetKey; node: string }
  | { kind: "way"; key: TargetKey; node: string; to: string; when: FlowWhen };

/** Moves the engine makes on its own, along ways of node data (routes, fallbacks, response routes, press targets). */
const AUTOMATIC = new Set(["route", "fallback", "webhook", "press"]);

/** The keys of what the events take: edges (by their source and id), jumps to global nodes, and automatic ways. */
export function getTargetsTaken(events: readonly TraceEvent[]): TargetKey[] {
  const keys: TargetKey[] = [];
  for (const e of events) {
    if (e.type !== "move") continue;
    if (e.edgeId !== undefined) keys.push(edgeTargetKey(e.from, e.edgeId));
    if (e.via === "global") keys.push(globalTargetKey(e.to));
    if (AUTOMATIC.has(e.via)) keys.push(wayTargetKey(e.from, e.to));
  }
  return keys;
}

/** The flow model's way for each entry of `edges[]` (by its index in the file); `ways`: its `getFlowWays`, when the caller has them. */
export function getEdgeWays(flow: FlowModel, ways: readonly FlowWay[] = getFlowWays(flow)): Map<number, FlowWay> {
  const result = new Map<number, FlowWay>();
  for (const way of ways) {
    const index = getEdgeEntryIndex(way);
    if (index !== undefined) result.set(index, way);
  }
  return result;
}

/**
 * What scenario generation aims to cover, by key, in order: the edges that can be taken (file order), the global
 * nodes, then the ways written in node data (routes, fallbacks, response routes, press targets not drawn as an edge).
 * `distance` is the flow model's search tree distance: only what leaves a node it reaches counts.
 */
export function getGenerationTargets(
  pathway: Pathway,
  flow: FlowModel,
  distance: Int32Array,
  flowWays: readonly FlowWay[] = getFlowWays(flow),
): Map<TargetKey, CoverageTarget> {
  const targets = new Map<TargetKey, CoverageTarget>();
  const edgeWays = getEdgeWays(flow, flowWays);
  for (const { edge, index } of getEdges(pathway)) {
    const way = edgeWays.get(index);
    // An edge out of a node the file does not have (fromIndex -1) is kept: the generator lists it as not covered.
    if (!way || way.when === "never" || way.toIndex < 0 || distance[way.fromIndex]! < 0 || typeof edge.id !== "string") continue;
    const key = edgeTargetKey(edge.source, edge.id);
    targets.set(key, { kind: "edge", key, node: edge.source, edgeId: edge.id, when: way.when });
  }
  for (const i of flow.globals) {
    if (distance[i]! < 0) continue;
    const key = globalTargetKey(flow.ids[i]!);
    if (!targets.has(key)) targets.set(key, { kind: "global", key, node: flow.ids[i]! });
  }
  for (const way of flowWays) {
    // Ways written in node data only: an edges[] entry is a target above.
    if (getEdgeEntryIndex(way) !== undefined || way.when === "never" || way.toIndex < 0 || distance[way.fromIndex]! < 0) continue;
    const key = wayTargetKey(way.from, way.to);
    targets.set(key, { kind: "way", key, node: way.from, to: way.to, when: way.when });
  }
  return targets;
}
