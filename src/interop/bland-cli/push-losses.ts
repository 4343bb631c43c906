// What `bland pathway push` (bland-cli 0.6.1's `fileToApi`) never sends of a bland-cli file: keys it ignores, values it cannot express.
import { toPointer } from "../../diagnostics/index.js";
import type { JsonObject } from "../../model/pathway.js";
import { isObject, prop } from "../../model/pathway.js";
import type { BlandCliFile } from "./file.js";
import { DATA_KEY_OF, EDGE_KEYS } from "./from-file.js";
import { isMeaningful, type BlandCliLoss } from "./losses.js";

/** Top-level keys `fileToApi` reads (`name` and `description` go with `push --create`; `global` is looked into below). */
const READ_TOP = new Set(["name", "description", "nodes", "global"]);

/** Node keys `fileToApi` reads: the renamed ones and `edges`. */
const READ_NODE = new Set([...Object.keys(DATA_KEY_OF), "edges"]);

/** A node by its name, how messages name it (its name is its id in the pathway pathwaykit reads). */
const describe = (name: string) => `"${name}" (id ${name})`;

/**
 * The keys of a bland-cli file its push never sends, by pointer into the pathway `fromBlandCliFile` gives (which its
 * source map places on the key's line): `global` settings but the prompt, top-level keys it never reads (`version`,
 * `tests`), node keys it has no field for (`text`, `url`, `isStart`), variable and edge keys past its own, and a false
 * it cannot write. `written` is the order the file writes node names in, when known: a start node that is not the first
 * written (JavaScript puts integer-like names first) is reported too.
 */
export function getPushLosses(file: BlandCliFile, written?: readonly string[]): BlandCliLoss[] {
  const losses: BlandCliLoss[] = [];
  const lose = (pointer: string, messageId: BlandCliLoss["messageId"], data: Record<string, string>) => losses.push({ pointer, messageId, data });
  for (const [key, value] of Object.entries(file)) {
    if (!READ_TOP.has(key)) lose(toPointer([key]), "fileKeyNotRead", { key });
    else if (key === "global" && isObject(value)) {
      for (const [setting, v] of Object.entries(value))
        if (setting !== "prompt" && isMeaningful(v)) lose(toPointer(["global", setting]), "globalNotSent", { key: setting });
    }
  }
  const names = isObject(file.nodes) ? Object.keys(file.nodes) : [];
  const shift = prop(file.global, "prompt") ? 1 : 0;
  const edgeIndex = { next: 0 };
  names.forEach((name, i) => {
    const node = (file.nodes as JsonObject)[name];
    if (isObject(node)) loseNodeKeys(name, node, i + shift, new Set(names), edgeIndex, lose);
  });
  const first = written?.[0];
  if (first !== undefined && names.length > 0 && names[0] !== first) {
    lose(`/nodes/${shift}/data/isStart`, "startNotFirstWritten", { node: describe(names[0]!), first: describe(first) });
  }
  return losses;
}

/** One node's keys push does not send; `edgeIndex` counts the edges `fromBlandCliFile` keeps, to point at each. */
function loseNodeKeys(
  name: string,
  node: JsonObject,
  index: number,
  names: ReadonlySet<string>,
  edgeIndex: { next: number },
  lose: (p: string, id: BlandCliLoss["messageId"], d: Record<string, string>) => void,
): void {
  const at = (...rest: (string | number)[]) => toPointer(["nodes", index, "data", ...rest]);
  const shown = describe(name);
  for (const [key, value] of Object.entries(node)) {
    if (key === "isStart" || key === "is_start") lose(at(key), "startKeyIgnored", { node: shown, key });
    else if (!READ_NODE.has(key)) lose(at(key), "nodeKeyNotSent", { node: shown, key });
    else if ((key === "enable_global_auto_return" || key === "enable_return_to_prev_before_global") && value === false)
      lose(at(key), "falseNotSent", { node: shown, key });
  }
  const variables = node.extract_variables;
  if (Array.isArray(variables)) {
    variables.forEach((v, j) => {
      for (const key of Object.keys(isObject(v) ? v : {})) {
        if (!["name", "type", "description"].includes(key))
          lose(at("extractVars", j, key), "variableKeyNotSent", { node: shown, key, variable: String(prop(v, "name")) });
      }
    });
  }
  const edges = node.edges;
  if (!Array.isArray(edges)) return;
  for (const edge of edges) {
    // Edges to no node are not sent (and bland-cli refuses the file): the reader reports them.
    if (!isObject(edge) || typeof edge.target !== "string" || !names.has(edge.target)) continue;
    const k = edgeIndex.next++;
    const shownEdge = `${name} -> ${edge.target}`;
    for (const key of Object.keys(edge)) {
      if (!EDGE_KEYS.includes(key)) lose(toPointer(["edges", k, key]), "edgeKeyNotSent", { edge: shownEdge, key });
    }
    if (edge.label && isMeaningful(edge.condition)) lose(toPointer(["edges", k, "condition"]), "edgeConditionNotSent", { edge: shownEdge });
  }
}
