// Small pieces the validation rules share: pointers into nodes and edges, and the patterns of numbers and variables.
import { toPointer } from "../../diagnostics/index.js";
import { describeNode, type IndexedNode } from "../../model/pathway.js";
import { readToolId, readToolMapping } from "../../model/saved-tools.js";
import { createNameMatcher } from "../../rules/near-miss.js";

/** Pointer to a node entry, or to a path inside its `data`. */
export function nodePointer(index: number, ...dataPath: (string | number)[]): string {
  return toPointer(dataPath.length ? ["nodes", index, "data", ...dataPath] : ["nodes", index]);
}

/** Pointer to an edge, or to a field of it. */
export function edgePointer(index: number, ...path: (string | number)[]): string {
  return toPointer(["edges", index, ...path]);
}

/**
 * The node a mistyped id most likely meant, for a suggestion: the one node whose id is a near miss of `id`. Two
 * equally near ids (or one written in two cases) are a guess, so then there is none.
 */
export function findNearNode(id: string, nodes: readonly IndexedNode[]): { id: string; name: string } | undefined {
  const near = nearNodes(nodes);
  const best = near.match(id);
  if (best === undefined || near.casings.get(best.toLowerCase()) !== 1) return undefined;
  return { id: best, name: describeNode(near.first.get(best)!.node) };
}

/** Per list of nodes (one per lint run), what findNearNode looks up: prepared once, so many mistyped ids cost one pass. */
const nearNodeTables = new WeakMap<
  readonly IndexedNode[],
  { match: (id: string) => string | undefined; casings: Map<string, number>; first: Map<string, IndexedNode> }
>();

function nearNodes(nodes: readonly IndexedNode[]) {
  let table = nearNodeTables.get(nodes);
  if (!table) {
    const ids: string[] = [];
    const casings = new Map<string, number>();
    const first = new Map<string, IndexedNode>();
    for (const entry of nodes) {
      if (typeof entry.node.id !== "string") continue;
      ids.push(entry.node.id);
      casings.set(entry.node.id.toLowerCase(), (casings.get(entry.node.id.toLowerCase()) ?? 0) + 1);
      if (!first.has(entry.node.id)) first.set(entry.node.id, entry);
    }
    nearNodeTables.set(nodes, (table = { match: createNameMatcher(ids), casings, first }));
  }
  return table;
}

/** A whole value that is one `{{variable}}` (spaces inside the braces and dotted paths allowed). */
export const SINGLE_VARIABLE = /^\{\{\s*[A-Za-z_][\w.-]*\s*\}\}$/;

/** A value that starts with a `{{variable}}`, as a templated URL does. */
export const LEADING_VARIABLE = /^\{\{\s*[A-Za-z_][\w.-]*\s*\}\}/;

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * A Webhook node that runs a saved tool (`"tool": "TL-..."`, or the tool itself copied into `tool` as GET /v1/tools
 * lists it): the tool holds the url and method, not the node.
 */
export function isSavedToolWebhook(data: Readonly<Record<string, unknown>>): boolean {
  return typeof data.tool === "string" ? data.tool.trim() !== "" : readToolId(data.tool) !== undefined || readToolMapping(data.tool) !== undefined;
}

/**
 * For a node that needs text in one of `fields`: undefined when one holds some; else the pointer to report at (the
 * first field present, empty, or the node when none is there).
 */
export function missingTextPointer(index: number, data: Readonly<Record<string, unknown>>, fields: readonly string[]): string | undefined {
  if (fields.some((f) => typeof data[f] === "string" && (data[f] as string).trim() !== "")) return undefined;
  const present = fields.find((f) => f in data);
  return present ? nodePointer(index, present) : nodePointer(index);
}
