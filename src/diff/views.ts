// What the diff compares: nodes and edges with UI-only fields set aside, and the way back to a full entry.
import { getEdgeLabel, isObject, prop } from "../model/pathway.js";
import type { PathwayEdge } from "../model/schema.js";
import { cloneJson, setOwn } from "./json-value.js";

/**
 * Fields a semantic diff ignores by default (`includeLayout: false`): the editor's layout and selection state, and
 * edge identity the editor regenerates. Edges are matched by source, target and label instead of id.
 */
export const IGNORED_FIELDS: readonly string[] = [
  "node.position",
  "node.width",
  "node.height",
  "node.positionAbsolute",
  "node.dragging",
  "node.selected",
  "node.data.active",
  "node.data.isHighlighted",
  "edge.id",
  'edge.type (when "custom")',
  "edge.data.isHighlighted",
  "edge label placement (top-level label or data.label)",
];

const NODE_LAYOUT_KEYS = ["position", "width", "height", "positionAbsolute", "dragging", "selected"];
const NODE_DATA_LAYOUT_KEYS = ["active", "isHighlighted"];

/** A shallow copy without `drop` keys (nested values are shared: views are read, or changed only inside a copy). */
function without(value: Record<string, unknown>, drop: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (!drop.includes(key) && value[key] !== undefined) setOwn(out, key, value[key]);
  return out;
}

/** A node as the diff compares it: everything but its id, and (by default) without the ignored fields. Shares nested values with `node`. */
export function toNodeView(node: Record<string, unknown>, includeLayout: boolean): Record<string, unknown> {
  if (includeLayout) return without(node, ["id"]);
  const view = without(node, ["id", ...NODE_LAYOUT_KEYS]);
  if (isObject(view.data) && NODE_DATA_LAYOUT_KEYS.some((k) => Object.hasOwn(view.data, k))) view.data = without(view.data, NODE_DATA_LAYOUT_KEYS);
  return view;
}

/** The full node for a view: `id`, the view's fields, and the ignored fields carried over from `original`. */
export function fromNodeView(view: Record<string, unknown>, id: string, original: Record<string, unknown>, includeLayout: boolean): Record<string, unknown> {
  const node: Record<string, unknown> = { id };
  for (const [k, v] of Object.entries(view)) setOwn(node, k, v);
  if (includeLayout) return node;
  for (const key of NODE_LAYOUT_KEYS) if (Object.hasOwn(original, key)) setOwn(node, key, cloneJson(original[key]));
  const data = original.data;
  if (isObject(data) && isObject(node.data)) {
    for (const key of NODE_DATA_LAYOUT_KEYS) if (Object.hasOwn(data, key)) setOwn(node.data, key, cloneJson(data[key]));
  }
  return node;
}

/** An edge as the diff compares it: without endpoints (they are its key) and, by default, with one `label` wherever the file keeps it. Shares nested values with `edge`. */
export function toEdgeView(edge: Record<string, unknown>, includeLayout: boolean): Record<string, unknown> {
  if (includeLayout) return without(edge, ["source", "target"]);
  const label = getEdgeLabel(edge as PathwayEdge);
  const view = without(edge, ["source", "target", "id", "label"]);
  if (view.type === "custom") delete view.type;
  if (isObject(view.data)) {
    const data = without(view.data, typeof view.data.label === "string" ? ["isHighlighted", "label"] : ["isHighlighted"]);
    if (Object.keys(data).length === 0) delete view.data;
    else view.data = data;
  }
  if (label !== undefined) view.label = label;
  return view;
}

/**
 * The full edge for a view: endpoints and ignored fields from `original`; the label goes where `original` kept it
 * (top level when it had none, since that is where the save endpoint reads it).
 */
export function fromEdgeView(view: Record<string, unknown>, original: Record<string, unknown>, includeLayout: boolean): Record<string, unknown> {
  const edge: Record<string, unknown> = {};
  if (!includeLayout && Object.hasOwn(original, "id")) edge.id = cloneJson(original.id);
  edge.source = original.source;
  edge.target = original.target;
  for (const [k, v] of Object.entries(view)) setOwn(edge, k, v);
  if (includeLayout) return edge;
  if (original.type === "custom" && edge.type === undefined) edge.type = "custom";
  const label = edge.label;
  delete edge.label;
  const originalData = original.data;
  const highlighted = prop(originalData, "isHighlighted");
  const inData = typeof prop(originalData, "label") === "string";
  const atTop = typeof original.label === "string" || !inData;
  if (label !== undefined && atTop) edge.label = label;
  if ((label !== undefined && inData) || highlighted !== undefined) {
    const data: Record<string, unknown> = isObject(edge.data) ? edge.data : {};
    if (!isObject(edge.data) && edge.data !== undefined) return edge; // data replaced by a non-object: nothing to restore into
    if (label !== undefined && inData) data.label = label;
    if (highlighted !== undefined) data.isHighlighted = cloneJson(highlighted);
    edge.data = data;
  }
  return edge;
}
