// Prompt variables: where each `{{name}}` is used and defined, and which uses are never defined or may be unset.
import { isObject, nodeData, type PathwayNode } from "../model/index.js";
import { getDominatorTree } from "./dominators.js";
import { toGraphIndex, type GraphIndex, type GraphSource } from "./graph-index.js";
import { getSearchTree, type SearchTree } from "./reachability.js";

/** System variables every call has (seed part 2.1), plus the two the service fills from the conversation. */
export const SYSTEM_VARIABLES: readonly string[] = [
  "call_id",
  "city",
  "country",
  "from",
  "input",
  "lastUserMessage",
  "now",
  "now_utc",
  "phone_number",
  "prevNodePrompt",
  "short_from",
  "short_to",
  "state",
  "to",
  "zip",
];

/** A `{{name}}` reference (spaces inside the braces and dotted paths allowed). */
export const VARIABLE_PATTERN = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/** Node fields whose text may hold variables. */
export const VARIABLE_FIELDS = ["text", "prompt", "condition", "globalLabel", "url", "body", "headers", "transferNumber"] as const;

/** One use of a variable. `path` holds the JSON pointer segments of the string it appears in. */
export interface VariableUse {
  /** The name as written, trimmed: `user.name`. */
  name: string;
  /** The part before the first dot: `user`. */
  root: string;
  nodeId: string;
  /** Index of the node in `nodes[]`. */
  nodeIndex: number;
  field: (typeof VARIABLE_FIELDS)[number];
  path: (string | number)[];
}

/** A place that gives a variable a value: an extracted variable or a webhook's response data. */
export interface VariableDefinition {
  name: string;
  nodeId: string;
  nodeIndex: number;
  source: "extractVars" | "responseData";
  path: (string | number)[];
}

/** Options of the variable analysis; all optional. */
export interface VariableOptions {
  /** Variables the call's `request_data` provides (default none). */
  declaredVariables?: readonly string[];
  /** Variables to treat as always set besides `SYSTEM_VARIABLES` (default none). */
  systemVariables?: readonly string[];
}

/** Uses nobody defines, and uses some path from the start reaches without passing a node that defines them. */
export interface VariableFindings {
  undefined: VariableUse[];
  maybeUnset: VariableUse[];
}

/** One row of the variables table: where a variable comes from, where it is defined and where it is used. */
export interface VariableSummary {
  name: string;
  origin: "system" | "declared" | "defined" | "undefined";
  definedIn: string[];
  usedIn: string[];
}

function collectStrings(value: unknown, path: (string | number)[], visit: (text: string, path: (string | number)[]) => void): void {
  if (typeof value === "string") {
    visit(value, path);
    return;
  }
  // An explicit stack keeps deeply nested webhook bodies from overflowing the call stack.
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === "string") visit(item.value, item.path);
    else if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i--) stack.push({ value: item.value[i], path: [...item.path, i] });
    } else if (isObject(item.value)) {
      const keys = Object.keys(item.value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (key.includes("{{")) visit(key, item.path);
        stack.push({ value: item.value[key], path: [...item.path, key] });
      }
    }
  }
}

/** One search state for every scan (`matchAll` would copy the pattern for each string). */
const variablePattern = new RegExp(VARIABLE_PATTERN);

/**
 * Adds the uses in one field's value. A function of its own because a callback written inside a loop over nodes makes
 * V8 allocate the loop's variables afresh on every pass, used or not: thousands of allocations on a large pathway.
 */
function addUses(uses: VariableUse[], node: PathwayNode, index: number, field: VariableUse["field"], value: unknown): void {
  collectStrings(value, ["nodes", index, "data", field], (text, path) => {
    if (!text.includes("{{")) return;
    variablePattern.lastIndex = 0;
    for (let match = variablePattern.exec(text); match; match = variablePattern.exec(text)) {
      const name = match[1]!;
      const dot = name.indexOf(".");
      uses.push({ name, root: dot < 0 ? name : name.slice(0, dot), nodeId: node.id, nodeIndex: index, field, path });
    }
  });
}

/** Every `{{variable}}` used in node text, prompt, condition, globalLabel, webhook url/body/headers and transferNumber. */
export function getVariableUses(source: GraphSource): VariableUse[] {
  const g = toGraphIndex(source);
  const uses: VariableUse[] = [];
  for (const { node, index } of g.nodes) {
    const data = nodeData(node);
    for (const field of VARIABLE_FIELDS) {
      const value = data[field];
      if (value === undefined || (typeof value === "string" && !value.includes("{{"))) continue;
      addUses(uses, node, index, field, value);
    }
  }
  return uses;
}

const NONE: readonly unknown[] = [];

/** Every extracted variable (`extractVars`) and webhook response variable (`responseData[].name`). */
export function getVariableDefinitions(source: GraphSource): VariableDefinition[] {
  const g = toGraphIndex(source);
  const definitions: VariableDefinition[] = [];
  // Plain loops rather than callbacks, for the reason given at `addUses`.
  for (const { node, index } of g.nodes) {
    const { extractVars, responseData } = nodeData(node);
    const tuples: readonly unknown[] = Array.isArray(extractVars) ? extractVars : NONE;
    const responses: readonly unknown[] = Array.isArray(responseData) ? responseData : NONE;
    for (let i = 0; i < tuples.length; i++) {
      const tuple = tuples[i];
      const name = Array.isArray(tuple) ? tuple[0] : undefined;
      if (typeof name === "string" && name.trim() !== "") {
        definitions.push({ name: name.trim(), nodeId: node.id, nodeIndex: index, source: "extractVars", path: ["nodes", index, "data", "extractVars", i, 0] });
      }
    }
    for (let i = 0; i < responses.length; i++) {
      const entry = responses[i];
      const name = isObject(entry) ? entry.name : undefined;
      if (typeof name === "string" && name.trim() !== "") {
        definitions.push({ name: name.trim(), nodeId: node.id, nodeIndex: index, source: "responseData", path: ["nodes", index, "data", "responseData", i, "name"] });
      }
    }
  }
  return definitions;
}

function alwaysSet(options: VariableOptions): Set<string> {
  return new Set([...SYSTEM_VARIABLES, ...(options.systemVariables ?? []), ...(options.declaredVariables ?? [])]);
}

/**
 * Finds uses of variables that nothing defines, and uses that may run before their variable is set: some path from
 * the start node reaches the using node without passing a node that defines it. A node's own definitions count for its
 * own fields. Uses in unreachable nodes are only checked for being defined at all.
 */
export function getVariableFindings(source: GraphSource, options: VariableOptions = {}): VariableFindings {
  const g = toGraphIndex(source);
  return getVariableFindingsFrom(g, getVariableUses(g), getVariableDefinitions(g), options);
}

/** `getVariableFindings` over uses and definitions the caller already has (the linter computes them once per file). */
export function getVariableFindingsFrom(
  g: GraphIndex,
  uses: readonly VariableUse[],
  definitions: readonly VariableDefinition[],
  options: VariableOptions = {},
  search: SearchTree = getSearchTree(g),
): VariableFindings {
  const known = alwaysSet(options);
  const definers = new Map<string, number[]>();
  for (const d of definitions) {
    const i = g.indexOf.get(d.nodeId)!;
    const list = definers.get(d.name);
    if (!list) definers.set(d.name, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  }
  const findings: VariableFindings = { undefined: [], maybeUnset: [] };
  if (uses.length === 0) return findings;
  const { distance } = search;
  let dominators: ReturnType<typeof getDominatorTree> | undefined;
  const avoiding = new Map<string, Uint8Array>();
  for (const use of uses) {
    if (known.has(use.name) || known.has(use.root)) continue;
    const d = definers.get(use.name) ?? (use.name !== use.root ? definers.get(use.root) : undefined);
    if (!d) {
      findings.undefined.push(use);
      continue;
    }
    const u = g.indexOf.get(use.nodeId)!;
    if (distance[u]! < 0 || d.includes(u)) continue;
    let unset: boolean;
    if (d.length === 1) {
      dominators ??= getDominatorTree(g);
      unset = !dominators.dominates(d[0]!, u);
    } else {
      const key = d.join(",");
      let reached = avoiding.get(key);
      if (!reached) {
        reached = getReachedAvoiding(g, d);
        avoiding.set(key, reached);
      }
      unset = reached[u] === 1;
    }
    if (unset) findings.maybeUnset.push(use);
  }
  return findings;
}

/** Nodes reached from the start by paths that pass through none of `blocked` (a blocked node is entered, never left). */
function getReachedAvoiding(source: GraphSource, blocked: readonly number[]): Uint8Array {
  const g = toGraphIndex(source);
  const n = g.ids.length;
  const reached = new Uint8Array(n);
  const stop = new Uint8Array(n);
  for (const b of blocked) stop[b] = 1;
  if (g.start < 0) return reached;
  const queue = new Int32Array(n);
  let tail = 0;
  reached[g.start] = 1;
  queue[tail++] = g.start;
  let globalsReleased = g.globals.length === 0;
  for (let head = 0; head < tail; head++) {
    const v = queue[head]!;
    if (stop[v] === 1) continue;
    for (let p = g.outOffset[v]!, end = g.outOffset[v + 1]!; p < end; p++) {
      const w = g.outTarget[p]!;
      if (reached[w] === 0) {
        reached[w] = 1;
        queue[tail++] = w;
      }
    }
    if (!globalsReleased && g.isGlobal[v] === 0) {
      globalsReleased = true;
      for (const w of g.globals) {
        if (reached[w] === 0) {
          reached[w] = 1;
          queue[tail++] = w;
        }
      }
    }
  }
  return reached;
}

/** Each variable used or defined, sorted by name: its origin and the ids of the nodes that define and use it. */
export function getVariableSummary(source: GraphSource, options: VariableOptions = {}): VariableSummary[] {
  const g = toGraphIndex(source);
  const system = new Set([...SYSTEM_VARIABLES, ...(options.systemVariables ?? [])]);
  const declared = new Set(options.declaredVariables ?? []);
  const rows = new Map<string, VariableSummary>();
  const row = (name: string): VariableSummary => {
    let r = rows.get(name);
    if (!r) {
      r = { name, origin: "undefined", definedIn: [], usedIn: [] };
      rows.set(name, r);
    }
    return r;
  };
  const pushOnce = (list: string[], id: string) => {
    if (list[list.length - 1] !== id && !list.includes(id)) list.push(id);
  };
  for (const d of getVariableDefinitions(g)) pushOnce(row(d.name).definedIn, d.nodeId);
  for (const u of getVariableUses(g)) {
    const key = !rows.has(u.name) && rows.has(u.root) && rows.get(u.root)!.definedIn.length > 0 ? u.root : u.name;
    pushOnce(row(key).usedIn, u.nodeId);
  }
  for (const r of rows.values()) {
    const root = r.name.split(".")[0]!;
    r.origin = system.has(r.name) || system.has(root) ? "system" : declared.has(r.name) || declared.has(root) ? "declared" : r.definedIn.length > 0 ? "defined" : "undefined";
  }
  return [...rows.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
