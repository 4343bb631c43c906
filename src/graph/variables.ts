// Prompt variables: where each `{{name}}` is used and defined, and which uses are never defined or may be unset.
import { getNodeType } from "../model/node-types/index.js";
import { nodeData, prop } from "../model/pathway.js";
import type { PathwayNode } from "../model/schema.js";
import { readCustomCodeOutputs, type CodeSyntaxError } from "./custom-code.js";
import { getSavedTools, readToolId, readToolMapping, type SavedTools } from "../model/saved-tools.js";
import { getDominatorTree } from "./dominators.js";
import { getFlow, type FlowModel, type FlowSource } from "./flow.js";
import { getSearchTree, type SearchTree } from "./reachability.js";
import { getVariableUses, type VariableUse } from "./variable-reads.js";

/**
 * Variables every call has without any node setting them: the call record's variables (GET /v1/calls/{call_id}: variables: now, now_utc,
 * from, to, short_from, short_to, call_id, phone_number, city, country, state, zip, input), what the service fills
 * from the conversation (`lastUserMessage`, `prevNodePrompt`) and the chat API's `callID` (returned in `variables`).
 * The simulator gives each a value; the linter never reports them.
 */
export const SYSTEM_VARIABLES: readonly string[] = [
  "callID",
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

export { VARIABLE_FIELDS, GLOBAL_CONFIG_FIELD, type VariableField } from "./variable-fields.js";
export { SECRET_ROOT, VARIABLE_PATTERN, getVariableReads, getVariableUses, type VariableReads, type VariableUse } from "./variable-reads.js";

/** A place that gives a variable a value. */
export interface VariableDefinition {
  name: string;
  nodeId: string;
  nodeIndex: number;
  /** extractVars; webhook responseData; a node tool's `response_data`; a saved tool's `response` mapping; a key a Custom Code node returns. */
  source: "extractVars" | "responseData" | "tool" | "savedTool" | "customCode";
  path: (string | number)[];
}

/** A node that sets variables the analysis cannot name: Custom Code whose result is not a plain object literal, a stub, ... */
export interface OpaqueProducer {
  nodeId: string;
  nodeIndex: number;
  /** Why its variables cannot be read: "it spreads an object into Response.json". */
  reason: string;
}

/** Custom Code that does not parse, with where in the code. */
export interface CodeProblem {
  nodeId: string;
  nodeIndex: number;
  /** Pointer segments of the `code` string. */
  path: (string | number)[];
  error: CodeSyntaxError;
}

/** Everything that sets variables in a pathway. */
export interface VariableProducers {
  definitions: VariableDefinition[];
  opaque: OpaqueProducer[];
  codeProblems: CodeProblem[];
}

/** Options of the variable analysis; all optional. */
export interface VariableOptions {
  /** Variables the call's `request_data` provides (default none). */
  declaredVariables?: readonly string[];
  /** Variables to treat as always set besides `SYSTEM_VARIABLES` (default none). */
  systemVariables?: readonly string[];
}

/**
 * Uses nobody defines; uses nothing readable defines while Custom Code whose result cannot be read might
 * (`opaque`); and uses some path from the start reaches without passing a node that defines them.
 */
export interface VariableFindings {
  undefined: VariableUse[];
  maybeUnset: VariableUse[];
  opaque: VariableUse[];
  /** The reachable opaque producers that `opaque` uses may come from (an unreachable one never runs, so sets nothing). */
  opaqueProducers: OpaqueProducer[];
}

/** One row of the variables table: where a variable comes from, where it is defined and where it is used. */
export interface VariableSummary {
  name: string;
  origin: "system" | "declared" | "defined" | "undefined";
  definedIn: string[];
  usedIn: string[];
}

const NONE: readonly unknown[] = [];
const NO_TOOLS: SavedTools = new Map();

function nonEmptyName(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** The `response_data` of a node tool as the vendor nests it (`config.tool.tool.response_data`); other shapes give none. */
function toolResponseData(tool: unknown): readonly unknown[] {
  const inner = prop(prop(prop(tool, "config"), "tool"), "tool");
  const list = prop(inner, "response_data");
  return Array.isArray(list) ? list : NONE;
}

/** What one node sets when it runs: the names it is known to set, and why it may set others (an opaque producer). */
export interface NodeOutputs {
  names: { name: string; source: VariableDefinition["source"]; path: (string | number)[] }[];
  opaque?: string;
  syntaxError?: CodeSyntaxError;
}

/**
 * The variables a node sets: extractVars, webhook responseData, node tools' `response_data[].name`, and the keys a
 * node that runs code (its type's `flow.runs`: Custom Code) returns (read with a JavaScript parser, loaded only when
 * there is code). A node that runs a request with a saved tool (`"tool": "TL-..."`) sets the names of that tool's
 * `response` mapping, read where the file carries it (`savedTools`: the file's top-level `tools` list, see
 * `getSavedTools`; or the tool itself copied into `data.tool`); where it carries none, what the tool sets cannot be
 * named (opaque), whatever `responseData` holds besides. Paths are relative to the node. The simulator uses the same
 * answer for what a node may set.
 */
export function getNodeOutputs(node: PathwayNode, savedTools: SavedTools = NO_TOOLS): NodeOutputs {
  const data = nodeData(node);
  const out: NodeOutputs = { names: [] };
  const { extractVars, responseData, tools } = data;
  const tuples: readonly unknown[] = Array.isArray(extractVars) ? extractVars : NONE;
  for (let i = 0; i < tuples.length; i++) {
    const tuple = tuples[i];
    const name = nonEmptyName(Array.isArray(tuple) ? tuple[0] : undefined);
    if (name !== undefined) out.names.push({ name, source: "extractVars", path: ["data", "extractVars", i, 0] });
  }
  const responses: readonly unknown[] = Array.isArray(responseData) ? responseData : NONE;
  for (let i = 0; i < responses.length; i++) {
    const name = nonEmptyName(prop(responses[i], "name"));
    if (name !== undefined) out.names.push({ name, source: "responseData", path: ["data", "responseData", i, "name"] });
  }
  if (Array.isArray(tools)) {
    for (let t = 0; t < tools.length; t++) {
      const list = toolResponseData(tools[t]);
      for (let i = 0; i < list.length; i++) {
        const name = nonEmptyName(prop(list[i], "name"));
        if (name !== undefined) out.names.push({ name, source: "tool", path: ["data", "tools", t, "config", "tool", "tool", "response_data", i, "name"] });
      }
    }
  }
  const runs = getNodeType(node.type)?.flow.runs;
  if (runs === "code") {
    const code = data.code;
    if (typeof code !== "string" || code.trim() === "") out.opaque = "it has no code";
    else {
      const read = readCustomCodeOutputs(code);
      for (const name of read.keys) out.names.push({ name, source: "customCode", path: ["data", "code"] });
      if (read.opaque !== undefined) out.opaque = read.opaque;
      if (read.syntaxError) out.syntaxError = read.syntaxError;
    }
  } else if (runs === "request") addSavedToolOutputs(out, data.tool, savedTools);
  return out;
}

/**
 * What a request node's saved tool sets: the names of its `response` mapping, from the tool copied into the node's
 * `tool` field or from the file's tools list by id; the node is opaque when it names a tool whose mapping the file
 * does not carry. The editor's empty `responseData` row (`{"name": ""}`) changes nothing: the tool still sets its own.
 */
function addSavedToolOutputs(out: NodeOutputs, tool: unknown, savedTools: SavedTools): void {
  const id = typeof tool === "string" ? (tool.trim() === "" ? undefined : tool.trim()) : readToolId(tool);
  const inline = typeof tool === "object" && tool !== null ? readToolMapping(tool) : undefined;
  if (inline !== undefined) {
    for (const name of inline.names) out.names.push({ name, source: "savedTool", path: ["data", "tool", ...inline.path, name] });
    return;
  }
  const listed = id === undefined ? undefined : savedTools.get(id);
  if (listed !== undefined) {
    for (const name of listed.names) out.names.push({ name, source: "savedTool", path: ["data", "tool"] });
    return;
  }
  // A saved tool keeps its response mapping with the service (GET /v1/tools), out of the file's sight.
  if (id !== undefined) out.opaque = `it runs the saved tool ${id}, whose response mapping is not in the file`;
  else if (typeof tool === "object" && tool !== null) out.opaque = "it runs a saved tool whose response mapping is not in the file";
}

/** Every place that sets a variable, every node whose variables cannot be read, and Custom Code that does not parse. */
export function getVariableProducers(source: FlowSource): VariableProducers {
  const g = getFlow(source);
  const producers: VariableProducers = { definitions: [], opaque: [], codeProblems: [] };
  const savedTools = getSavedTools(g.pathway);
  // Plain loops rather than callbacks, for the reason given at `addPlaceholders`.
  for (const { node, index } of g.nodes) {
    const data = nodeData(node);
    // Only what a node runs (code, a request) sets variables without naming them in one of these fields.
    if (data.extractVars === undefined && data.responseData === undefined && data.tools === undefined && !getNodeType(node.type)?.flow.runs) continue;
    const out = getNodeOutputs(node, savedTools);
    for (const { name, source: from, path } of out.names)
      producers.definitions.push({ name, nodeId: node.id, nodeIndex: index, source: from, path: ["nodes", index, ...path] });
    if (out.opaque !== undefined) producers.opaque.push({ nodeId: node.id, nodeIndex: index, reason: out.opaque });
    if (out.syntaxError) producers.codeProblems.push({ nodeId: node.id, nodeIndex: index, path: ["nodes", index, "data", "code"], error: out.syntaxError });
  }
  return producers;
}

/** Every place that sets a variable (see `getVariableProducers`). */
export function getVariableDefinitions(source: FlowSource): VariableDefinition[] {
  return getVariableProducers(source).definitions;
}

function alwaysSet(options: VariableOptions): Set<string> {
  return new Set([...SYSTEM_VARIABLES, ...(options.systemVariables ?? []), ...(options.declaredVariables ?? [])]);
}

/**
 * Finds uses of variables that nothing defines, and uses that may run before their variable is set: some path from
 * the start node reaches the using node without passing a node that defines it. A node's own definitions count for its
 * own fields. Uses in unreachable nodes are only checked for being defined at all.
 */
export function getVariableFindings(source: FlowSource, options: VariableOptions = {}): VariableFindings {
  const g = getFlow(source);
  return getVariableFindingsFrom(g, getVariableUses(g), getVariableProducers(g), options);
}

/** `getVariableFindings` over uses and producers the caller already has (the linter computes them once per file). */
export function getVariableFindingsFrom(
  g: FlowModel,
  uses: readonly VariableUse[],
  producers: Pick<VariableProducers, "definitions" | "opaque">,
  options: VariableOptions = {},
  search: SearchTree = getSearchTree(g),
): VariableFindings {
  const { definitions, opaque } = producers;
  const known = alwaysSet(options);
  const definers = new Map<string, number[]>();
  for (const d of definitions) {
    const i = g.indexOf.get(d.nodeId)!;
    const list = definers.get(d.name);
    if (!list) definers.set(d.name, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  }
  const { distance } = search;
  const live = opaque.filter((o) => distance[g.indexOf.get(o.nodeId)!]! >= 0);
  const findings: VariableFindings = { undefined: [], maybeUnset: [], opaque: [], opaqueProducers: live };
  if (uses.length === 0) return findings;
  let dominators: ReturnType<typeof getDominatorTree> | undefined;
  const avoiding = new Map<string, Uint8Array>();
  for (const use of uses) {
    if (known.has(use.name) || known.has(use.root)) continue;
    const d = definers.get(use.name) ?? (use.name !== use.root ? definers.get(use.root) : undefined);
    if (!d) {
      // Custom Code whose result cannot be read may be what sets it: say so rather than "never defined".
      (live.length > 0 ? findings.opaque : findings.undefined).push(use);
      continue;
    }
    // The pathway-level global prompt ("" id) applies at every node: only whether the variable is set at all counts.
    const u = g.indexOf.get(use.nodeId);
    if (u === undefined || distance[u]! < 0 || d.includes(u)) continue;
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
function getReachedAvoiding(source: FlowSource, blocked: readonly number[]): Uint8Array {
  const g = getFlow(source);
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
export function getVariableSummary(source: FlowSource, options: VariableOptions = {}): VariableSummary[] {
  const g = getFlow(source);
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
    // The pathway-level global prompt has no node id: name the entry instead.
    pushOnce(row(key).usedIn, u.nodeId === "" ? "{globalConfig}" : u.nodeId);
  }
  for (const r of rows.values()) {
    const root = r.name.split(".")[0]!;
    r.origin =
      system.has(r.name) || system.has(root)
        ? "system"
        : declared.has(r.name) || declared.has(root)
          ? "declared"
          : r.definedIn.length > 0
            ? "defined"
            : "undefined";
  }
  return [...rows.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
