// Which node (or edge) a finding is about, read from its pointer: what suppressions and baselines match on.
import { parsePointer } from "../diagnostics/index.js";
import { isObject, prop } from "../model/pathway.js";

/** The node or edge a pointer falls inside, and the rest of the pointer below it. */
export interface FindingSubject {
  nodeId?: string;
  edgeId?: string;
  /** Source node id of an edge finding. */
  edgeSource?: string;
  /** The pointer below the node or edge (`/data/prompt`), or the whole pointer when it is about neither. */
  rest: string;
}

/** Reads the node or edge a finding's pointer is about, by id, so matching survives reordering of the file. */
export function getFindingSubject(value: unknown, pointer: string): FindingSubject {
  if (!pointer.startsWith("/nodes/") && !pointer.startsWith("/edges/")) return { rest: pointer };
  let segments: string[];
  try {
    segments = parsePointer(pointer);
  } catch {
    return { rest: pointer };
  }
  const list = prop(value, segments[0]!);
  const item = Array.isArray(list) ? list[Number(segments[1])] : undefined;
  const rest = segments
    .slice(2)
    .map((s) => `/${s.replace(/~/g, "~0").replace(/\//g, "~1")}`)
    .join("");
  const id = isObject(item) && typeof item.id === "string" ? item.id : undefined;
  if (id === undefined) return { rest: pointer };
  if (segments[0] === "nodes") return { nodeId: id, rest };
  const source = isObject(item) && typeof item.source === "string" ? item.source : undefined;
  return { edgeId: id, ...(source !== undefined && { edgeSource: source }), rest };
}

/** A stable key for a finding's place: `node:<id><rest>`, `edge:<id><rest>`, or the pointer. */
export function getFindingLocation(value: unknown, pointer: string): string {
  const s = getFindingSubject(value, pointer);
  return s.nodeId !== undefined ? `node:${s.nodeId}${s.rest}` : s.edgeId !== undefined ? `edge:${s.edgeId}${s.rest}` : s.rest;
}
