// The response mappings of the saved tools (`"tool": "TL-..."`) a pathway file itself carries: the variables such a node sets.
import { isObject, prop } from "./pathway.js";

/**
 * The variable names of one saved tool's `response` mapping (`{"name": "$.json.path"}`), and where the mapping is in
 * the file. A saved tool is defined with `POST /v1/tools` (`{name, description, url, method, ..., response}`, answered
 * with a `tool_id` "TL-...") and listed by `GET /v1/tools` as `{tool_id, label, tool: {..., response}}`.
 */
export interface SavedToolMapping {
  /** The mapping's keys: each becomes a call variable when the tool answers. */
  names: readonly string[];
  /** Pointer segments of the `response` object, from the file's root. */
  path: readonly (string | number)[];
}

/** The saved tools a file carries, by tool id. */
export type SavedTools = ReadonlyMap<string, SavedToolMapping>;

const NONE: SavedTools = new Map();

/** The names of a `response` mapping: its keys, when it is an object (other shapes set nothing the file can name). */
function mappingNames(response: unknown): string[] | undefined {
  if (!isObject(response)) return undefined;
  return Object.keys(response)
    .filter((k) => k.trim() !== "")
    .map((k) => k.trim());
}

/**
 * The `response` mapping of a saved tool as the API writes one: a `GET /v1/tools` entry (`{tool_id, tool: {response}}`)
 * or a tool definition (`{response}`), with the path of the mapping relative to `value`. Undefined for any other shape.
 */
export function readToolMapping(value: unknown): { names: string[]; path: (string | number)[] } | undefined {
  const inner = prop(value, "tool");
  const nested = mappingNames(prop(inner, "response"));
  if (nested !== undefined) return { names: nested, path: ["tool", "response"] };
  const flat = mappingNames(prop(value, "response"));
  return flat === undefined ? undefined : { names: flat, path: ["response"] };
}

/** The tool id of a `GET /v1/tools` entry or a saved tool copied into a file (`tool_id`, or `id` as some copies write it). */
export function readToolId(value: unknown): string | undefined {
  for (const key of ["tool_id", "id"]) {
    const id = prop(value, key);
    if (typeof id === "string" && id.trim() !== "") return id.trim();
  }
  return undefined;
}

/**
 * The saved tools listed at the top of the file (`tools: [{tool_id, tool: {..., response}}]`, the `GET /v1/tools`
 * entries an export or a project keeps beside the pathway), by tool id. The first entry of an id wins, as it would
 * for nodes.
 */
export function getSavedTools(pathway: unknown): SavedTools {
  const list = prop(pathway, "tools");
  if (!Array.isArray(list) || list.length === 0) return NONE;
  const tools = new Map<string, SavedToolMapping>();
  for (let i = 0; i < list.length; i++) {
    const id = readToolId(list[i]);
    const mapping = id === undefined ? undefined : readToolMapping(list[i]);
    if (id !== undefined && mapping !== undefined && !tools.has(id)) tools.set(id, { names: mapping.names, path: ["tools", i, ...mapping.path] });
  }
  return tools;
}
