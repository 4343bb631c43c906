// Checks that a response body is a pathway before anything is written, and builds the body the save endpoint reads.
import { getEdgeLabel, isObject, prop } from "../model/pathway.js";
import type { PathwayEdge } from "../model/schema.js";
import { RemoteError } from "./errors.js";

/** A pathway read from the service, normalised only where the service's own quirks would make an invalid file. */
export interface RemotePathwayValue {
  pathway: Record<string, unknown>;
  /** What was normalised (e.g. `edges: false` written as `[]`). */
  warnings: string[];
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`;
}

function edgeName(edge: Record<string, unknown>, index: number): string {
  const id = typeof edge.id === "string" ? `"${edge.id}"` : `#${index}`;
  return `edge ${id} (${String(edge.source)} → ${String(edge.target)})`;
}

/**
 * Checks a GET response body and returns the pathway in it. Throws a RemoteError of kind "shape" for: not an object,
 * an error object from the service, `nodes: false` or missing nodes, edges that are not a list, and edges whose top-level
 * `label` and `data.label` disagree (which one the service would use is unclear; the user must decide).
 * `edges: false` or a missing `edges` becomes `[]` with a warning. A `{data: pathway}` envelope is unwrapped.
 */
export function toRemotePathway(body: unknown, id: string): RemotePathwayValue {
  const warnings: string[] = [];
  let value = body;
  // Wrapped answers (service-api.md): `{data: pathway}` or `{status, pathway_data: pathway}`.
  if (isObject(value) && !("nodes" in value) && isObject(value.data) && "nodes" in value.data) value = value.data;
  else if (isObject(value) && !("nodes" in value) && isObject(value.pathway_data) && "nodes" in value.pathway_data) value = value.pathway_data;
  if (!isObject(value))
    throw new RemoteError("shape", `The service answered for pathway ${id} with ${describeType(value)}, not a pathway object; nothing was written.`);
  if (!("nodes" in value)) {
    const message = prop(value, "message") ?? prop(value, "error") ?? prop(value, "errors");
    if (message !== undefined)
      throw new RemoteError("shape", `The service answered for pathway ${id} with an error: ${JSON.stringify(message).slice(0, 300)}; nothing was written.`);
    throw new RemoteError(
      "shape",
      `The service's answer for pathway ${id} has no "nodes"; it does not look like a pathway (keys: ${Object.keys(value).slice(0, 8).join(", ") || "none"}). Nothing was written.`,
    );
  }
  if (value.nodes === false) {
    throw new RemoteError(
      "shape",
      `The service returned "nodes": false for pathway ${id}: it has no saved nodes (a new, empty pathway) or the id names something else. Nothing was written; check the id, or add a node in the editor first.`,
    );
  }
  if (!Array.isArray(value.nodes))
    throw new RemoteError("shape", `The service returned "nodes" as ${describeType(value.nodes)} for pathway ${id}, not a list; nothing was written.`);
  const pathway: Record<string, unknown> = { ...value };
  if (pathway.edges === false || pathway.edges === undefined || pathway.edges === null) {
    warnings.push(
      `pathway ${id}: the service returned ${pathway.edges === undefined ? "no edges key" : `"edges": ${String(pathway.edges)}`}; written as an empty list.`,
    );
    pathway.edges = [];
  }
  if (!Array.isArray(pathway.edges))
    throw new RemoteError("shape", `The service returned "edges" as ${describeType(pathway.edges)} for pathway ${id}, not a list; nothing was written.`);
  const conflicts: string[] = [];
  pathway.edges.forEach((edge, index) => {
    if (!isObject(edge)) return;
    const top = edge.label;
    const inData = prop(edge.data, "label");
    if (typeof top === "string" && typeof inData === "string" && top !== inData) {
      conflicts.push(`${edgeName(edge, index)} has label ${JSON.stringify(top)} but data.label ${JSON.stringify(inData)}`);
    }
  });
  if (conflicts.length > 0) {
    throw new RemoteError(
      "shape",
      `Pathway ${id} has ${conflicts.length} edge${conflicts.length === 1 ? "" : "s"} with two different labels (the save endpoint reads "label", the editor shows "data.label"): ${conflicts.slice(0, 3).join("; ")}${conflicts.length > 3 ? "; …" : ""}. Make them agree in the editor, then fetch again; nothing was written.`,
    );
  }
  return { pathway, warnings };
}

/** The body of a save request, and what was done to make it safe. */
export interface PushBody {
  body: { name?: unknown; description?: unknown; nodes: unknown[]; edges: unknown[] };
  /** Edges whose label was only under `data.label` and was copied to the top level. */
  liftedLabels: number;
}

/**
 * Builds the update body `{name, description, nodes, edges}` from a pathway file. Every edge label ends up at the top
 * level, where the save endpoint reads it: an edge with only `data.label` gets a copy as `label` (re-uploading a
 * fetched pathway otherwise loses every label). `data.label` is kept for the editor, and added where missing.
 */
export function toPushBody(pathway: Record<string, unknown>): PushBody {
  let liftedLabels = 0;
  const edges = (Array.isArray(pathway.edges) ? pathway.edges : []).map((edge) => {
    if (!isObject(edge)) return edge;
    const label = getEdgeLabel(edge as PathwayEdge);
    if (label === undefined) return edge;
    // Both placements: the save endpoints read the top level, the editor and reads data.label (service-api.md).
    const data = edge.data === undefined ? {} : edge.data;
    const withData = isObject(data) && prop(data, "label") === undefined ? { data: { ...data, label } } : {};
    if (typeof edge.label === "string") return { ...edge, ...withData };
    liftedLabels++;
    return { ...edge, label, ...withData };
  });
  const body: PushBody["body"] = { nodes: Array.isArray(pathway.nodes) ? pathway.nodes : [], edges };
  if ("name" in pathway) body.name = pathway.name;
  if ("description" in pathway) body.description = pathway.description;
  return { body: { name: body.name, description: body.description, nodes: body.nodes, edges: body.edges }, liftedLabels };
}
