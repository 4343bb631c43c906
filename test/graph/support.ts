// Small pathway builders for graph tests: nodes by id and type, edges as [source, target] pairs.
import type { Pathway } from "../../src/model/index.js";

/** A node spec: `id`, or `id:Type`, with optional data. */
export function node(id: string, type = "Default", data: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, type, data: { name: id.toUpperCase(), prompt: `Step ${id}`, ...data } };
}

/** A pathway with `start` as the start node (the first node given) and edges from `[source, target]` pairs. */
export function pathway(nodes: Record<string, unknown>[], pairs: [string, string][] = []): Pathway {
  const [first, ...rest] = nodes;
  const start = { ...first!, data: { ...(first!.data as object), isStart: true } };
  return {
    nodes: [start, ...rest],
    edges: pairs.map(([source, target], i) => ({ id: `e${i}`, source, target, label: `go ${source} to ${target}` })),
  } as Pathway;
}
