// A pathway to a bland-cli pathway file, as bland-cli 0.6.1's `apiToFile` writes it (what `bland pathway pull` saves), and what that loses.
import { toPointer } from "../../diagnostics/index.js";
import type { JsonObject } from "../../model/pathway.js";
import { describeNode, isObject } from "../../model/pathway.js";
import type { PathwayNode } from "../../model/schema.js";
import { BLAND_CLI_DEFAULT_TYPE, type BlandCliFile } from "./file.js";
import { isMeaningful, type BlandCliLoss } from "./losses.js";

/** What converting a pathway to a bland-cli file gives: the file, and everything the file (and so the next push) loses. */
export interface ToBlandCliFile {
  file: BlandCliFile;
  losses: BlandCliLoss[];
}

/** `data` keys `apiToFile` reads back when they hold something (see `toFileNode`); every other key is dropped. */
const READ_KEYS = new Set([
  "name",
  "isStart",
  "type",
  "prompt",
  "condition",
  "isGlobal",
  "globalLabel",
  "tag",
  "dialogueExamples",
  "conditionExamples",
  "pathwayExamples",
  "globalDescription",
  "enableGlobalAutoReturn",
  "enableReturnToPrevBeforeGlobal",
  "prevNodePathwayLabel",
  "prevNodePathwayDescription",
  "transferNumber",
  "code",
  "kb",
  "kbTool",
  "speechDuringKBPrompt",
  "modelOptions",
  "tools",
  "extractVars",
  "extractVarSettings",
]);

/** Editor state, not behaviour: dropping it changes nothing a call does (the dashboard's highlight of a node or edge). */
const EDITOR_KEYS = new Set(["isHighlighted"]);

/** A node of a bland-cli file from a node's `data`, key for key as `apiToFile` writes it (edges added by the caller). */
function toFileNode(d: JsonObject): JsonObject {
  const node: JsonObject = {};
  if (d.type) node.type = d.type;
  if (d.prompt) node.prompt = d.prompt;
  if (d.condition) node.condition = d.condition;
  if (d.isGlobal) node.is_global = true;
  if (d.globalLabel) node.global_label = d.globalLabel;
  if (isObject(d.tag) && d.tag.name) node.tag = { name: d.tag.name, color: d.tag.color || "#888888" };
  if (Array.isArray(d.dialogueExamples) && d.dialogueExamples.length > 0) node.dialogue_examples = d.dialogueExamples;
  if (Array.isArray(d.conditionExamples) && d.conditionExamples.length > 0) node.condition_examples = d.conditionExamples;
  if (Array.isArray(d.pathwayExamples) && d.pathwayExamples.length > 0) node.pathway_examples = d.pathwayExamples;
  if (d.globalDescription) node.global_description = d.globalDescription;
  if (d.enableGlobalAutoReturn === true) node.enable_global_auto_return = true;
  if (d.enableReturnToPrevBeforeGlobal === true) node.enable_return_to_prev_before_global = true;
  if (d.prevNodePathwayLabel) node.prev_node_pathway_label = d.prevNodePathwayLabel;
  if (d.prevNodePathwayDescription) node.prev_node_pathway_description = d.prevNodePathwayDescription;
  if (d.transferNumber) node.number = d.transferNumber;
  if (d.code) node.code = d.code;
  if (d.kb) node.knowledge_base_id = d.kb;
  if (d.kbTool) node.kb_tool = d.kbTool;
  if (d.speechDuringKBPrompt) node.speech_during_kb = d.speechDuringKBPrompt;
  if (d.modelOptions) node.model_options = d.modelOptions;
  if (Array.isArray(d.tools) && d.tools.length > 0) node.tools = d.tools;
  if (Array.isArray(d.extractVars) && d.extractVars.length > 0) node.extract_variables = d.extractVars.flatMap((v) => toFileVariable(v) ?? []);
  const settings = d.extractVarSettings;
  if (isObject(settings) && (settings.ignorePrevious !== undefined || settings.useAudio !== undefined)) {
    node.extract_var_settings = {
      ...(settings.ignorePrevious !== undefined && { ignore_previous: settings.ignorePrevious }),
      ...(settings.useAudio !== undefined && { use_audio: settings.useAudio }),
    };
  }
  return node;
}

/** An `extractVars` entry as `apiToFile` writes it: a triple or an object, to `{name, type, description}`; undefined when dropped. */
function toFileVariable(v: unknown): JsonObject | undefined {
  if (Array.isArray(v)) return v.length >= 2 ? { name: v[0], type: v[1] || "string", description: v[2] || "" } : undefined;
  return isObject(v) && v.name ? { name: v.name, type: v.type || "string", description: v.description || "" } : undefined;
}

/** A node object with a key that cannot reach Object.prototype (`__proto__` is a name like any other). */
function setOwn(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Converts a pathway as bland-cli 0.6.1's `apiToFile` does: each node under `data.name` (or its id), only the `data`
 * keys it knows, the type from `data.type` only, edges under their source node with `data.label`/`data.description`
 * only, `{globalConfig}` to `global.prompt`. `losses` lists every change that matters on the next push, by pointer
 * into `pathway`. Never throws.
 */
export function toBlandCliFile(pathway: JsonObject): ToBlandCliFile {
  const losses: BlandCliLoss[] = [];
  const lose = (pointer: string, messageId: BlandCliLoss["messageId"], data: Record<string, string>) => losses.push({ pointer, messageId, data });
  const file: BlandCliFile = {};
  if (pathway.name !== undefined) file.name = pathway.name;
  if (pathway.description !== undefined) file.description = pathway.description;
  const nodes: JsonObject = {};
  file.nodes = nodes;
  const entries = Array.isArray(pathway.nodes) ? pathway.nodes : [];
  const edges = Array.isArray(pathway.edges) ? pathway.edges : [];
  /** node id -> the key it is written under (apiToFile's idToName). */
  const keyOf = new Map<unknown, string>();
  for (const n of entries) if (isObject(n) && isObject(n.data) && n.id) keyOf.set(n.id, (n.data.name || n.id) as string);
  /** key -> index of the node whose fields the file keeps (the last of a name), and of the first (whose place it keeps). */
  const winner = new Map<string, number>();
  let globalAt = -1;
  entries.forEach((n, i) => {
    if (!isObject(n)) return;
    if ("globalConfig" in n && !("data" in n)) {
      globalAt = convertGlobal(n, i, globalAt, file, lose);
      return;
    }
    const d = n.data;
    if (!isObject(d) || (!d.name && !n.id)) {
      if (typeof n.id === "string") lose(`/nodes/${i}`, "nodeDropped", { node: describeNode(n as PathwayNode) });
      return;
    }
    const key = (d.name || n.id) as string;
    const earlier = winner.get(key);
    if (earlier !== undefined)
      lose(`/nodes/${earlier}`, "duplicateName", { node: describeNode(entries[earlier] as PathwayNode), name: key, kept: describeNode(n as PathwayNode) });
    winner.set(key, i);
    const fileNode = toFileNode(d);
    const own = edges.filter((e) => isObject(e) && e.source === n.id);
    if (own.length > 0) fileNode.edges = own.map((e) => toFileEdge(e as JsonObject, keyOf));
    setOwn(nodes, key, fileNode);
  });
  // The fields of a node whose name a later node took are lost with it (reported once, as duplicateName).
  for (const i of winner.values()) loseNodeData(entries[i] as JsonObject, i, lose);
  loseStart(entries, nodes, winner, lose);
  loseEdges(entries, edges, keyOf, winner, lose);
  const ids = entries.filter((n) => isObject(n) && typeof n.id === "string" && isObject(n.data)).length;
  if (ids > 0) lose("/nodes", "idsRegenerated", { count: String(ids) });
  return { file: reorderGlobal(file), losses: losses.sort((a, b) => comparePointers(a.pointer, b.pointer)) };
}

/** `global` after `nodes`, where `apiToFile` adds it. */
function reorderGlobal(file: BlandCliFile): BlandCliFile {
  if (file.global === undefined) return file;
  const { global, ...rest } = file;
  return { ...rest, global } as BlandCliFile;
}

/** The `{globalConfig}` entry: its prompt to `global.prompt` (the last entry wins); returns the index of the entry that now holds it. */
function convertGlobal(
  n: JsonObject,
  i: number,
  before: number,
  file: BlandCliFile,
  lose: (p: string, id: BlandCliLoss["messageId"], d: Record<string, string>) => void,
): number {
  const config = n.globalConfig;
  for (const [key, value] of Object.entries(isObject(config) ? config : {})) {
    if (key !== "globalPrompt" && isMeaningful(value)) lose(toPointer(["nodes", i, "globalConfig", key]), "globalConfigKeyDropped", { key });
  }
  if (!isObject(config) || !config.globalPrompt) return before;
  if (before >= 0) lose(`/nodes/${before}/globalConfig/globalPrompt`, "globalConfigMerged", {});
  file.global = { ...(isObject(file.global) ? file.global : {}), prompt: config.globalPrompt };
  return i;
}

/** An edge under its source node: the target's key (or its raw id), `data.label` and `data.description` only. */
function toFileEdge(e: JsonObject, keyOf: ReadonlyMap<unknown, string>): JsonObject {
  const edge: JsonObject = { target: keyOf.get(e.target) || e.target };
  if (isObject(e.data) && e.data.label) edge.label = e.data.label;
  if (isObject(e.data) && e.data.description) edge.description = e.data.description;
  return edge;
}

/** What the file loses of one kept node: a type only at the top level, `data` keys it has no key for, values it changes. */
function loseNodeData(n: JsonObject, i: number, lose: (p: string, id: BlandCliLoss["messageId"], d: Record<string, string>) => void): void {
  const d = n.data as JsonObject;
  const node = describeNode(n as PathwayNode);
  const becomes = (d.type || BLAND_CLI_DEFAULT_TYPE) as unknown;
  if (n.type !== undefined && n.type !== becomes) lose(`/nodes/${i}/type`, "typeNotRead", { node, type: String(n.type), becomes: String(becomes) });
  for (const [key, value] of Object.entries(d)) {
    const at = toPointer(["nodes", i, "data", key]);
    if (!READ_KEYS.has(key)) {
      if (!EDITOR_KEYS.has(key) && isMeaningful(value)) lose(at, "dataKeyDropped", { node, key });
    } else if (key === "enableGlobalAutoReturn" && value === false) lose(at, "falseDropped", { node, key });
    else if (key === "extractVars" && Array.isArray(value)) loseVariables(value, at, node, lose);
    else if (changedOnRead(key, value)) lose(at, "dataValueChanged", { node, key });
  }
}

/** True when `apiToFile` keeps less of a read key's value than it says: keys beyond the ones it copies, or a non-list where a list belongs. */
function changedOnRead(key: string, value: unknown): boolean {
  if (key === "tag")
    return isObject(value) && (!value.name ? isMeaningful(value) : Object.keys(value).some((k) => k !== "name" && k !== "color" && isMeaningful(value[k])));
  if (key === "extractVarSettings")
    return isObject(value) && Object.keys(value).some((k) => k !== "ignorePrevious" && k !== "useAudio" && isMeaningful(value[k]));
  if (["dialogueExamples", "conditionExamples", "pathwayExamples", "tools"].includes(key)) return !Array.isArray(value) && isMeaningful(value);
  return false;
}

/** Variables `apiToFile` drops (fewer than two members, no name) or cuts (members past the third, keys past name/type/description). */
function loseVariables(
  vars: readonly unknown[],
  at: string,
  node: string,
  lose: (p: string, id: BlandCliLoss["messageId"], d: Record<string, string>) => void,
): void {
  vars.forEach((v, j) => {
    const kept = toFileVariable(v);
    const cut = Array.isArray(v)
      ? v.slice(3).some(isMeaningful)
      : isObject(v) && Object.keys(v).some((k) => !["name", "type", "description"].includes(k) && isMeaningful(v[k]));
    if (!kept && isMeaningful(v)) lose(`${at}/${j}`, "dataValueChanged", { node, key: `extractVars/${j}` });
    else if (kept && cut) lose(`${at}/${j}`, "dataValueChanged", { node, key: `extractVars/${j}` });
  });
}

/** The start node the next push picks (the file's first key, integer-like names first) when it is not the one marked now. */
function loseStart(
  entries: readonly unknown[],
  nodes: JsonObject,
  winner: ReadonlyMap<string, number>,
  lose: (p: string, id: BlandCliLoss["messageId"], d: Record<string, string>) => void,
): void {
  const start = entries.findIndex((n) => isObject(n) && isObject(n.data) && n.data.isStart === true);
  const first = Object.keys(nodes)[0];
  if (start < 0 || first === undefined) return;
  const next = winner.get(first)!;
  if (next !== start)
    lose(`/nodes/${start}/data/isStart`, "startMoved", {
      node: describeNode(entries[start] as PathwayNode),
      becomes: describeNode(entries[next] as PathwayNode),
    });
}

/** Edges the file loses (their source node is gone), sends elsewhere (their target was merged), or keeps without their label. */
function loseEdges(
  entries: readonly unknown[],
  edges: readonly unknown[],
  keyOf: ReadonlyMap<unknown, string>,
  winner: ReadonlyMap<string, number>,
  lose: (p: string, id: BlandCliLoss["messageId"], d: Record<string, string>) => void,
): void {
  const kept = new Set([...winner.values()].map((i) => (entries[i] as JsonObject).id));
  const nodeById = new Map<unknown, JsonObject>();
  for (const n of entries) if (isObject(n) && isObject(n.data) && !nodeById.has(n.id)) nodeById.set(n.id, n);
  edges.forEach((e, k) => {
    if (!isObject(e)) return;
    const edge = typeof e.id === "string" ? `edge ${e.id}` : `edge ${k}`;
    if (!kept.has(e.source)) {
      lose(`/edges/${k}`, "edgeDropped", { edge, from: String(e.source) });
      return;
    }
    const target = keyOf.get(e.target);
    if (target === undefined) lose(`/edges/${k}/target`, "edgeTargetUnknown", { edge, target: String(e.target) });
    else if ((entries[winner.get(target)!] as JsonObject).id !== e.target)
      lose(`/edges/${k}/target`, "edgeRetargeted", { edge, becomes: describeNode(entries[winner.get(target)!] as PathwayNode) });
    const data = isObject(e.data) ? e.data : {};
    for (const key of ["label", "description"]) {
      const said = typeof e[key] === "string" ? e[key] : data[key];
      if (isMeaningful(said) && !(data[key] && (typeof e[key] !== "string" || e[key] === data[key])))
        lose(`/edges/${k}/${key}`, "edgeTextDropped", { edge, key });
    }
    for (const [key, value] of Object.entries(data)) {
      if (key !== "label" && key !== "description" && !EDITOR_KEYS.has(key) && isMeaningful(value))
        lose(toPointer(["edges", k, "data", key]), "edgeKeyDropped", { edge, key });
    }
  });
}

/** Document order of two pointers: by each segment, numbers as numbers. */
function comparePointers(a: string, b: string): number {
  const x = a.split("/");
  const y = b.split("/");
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    const nx = Number(x[i]);
    const ny = Number(y[i]);
    return Number.isInteger(nx) && Number.isInteger(ny) ? nx - ny : x[i]! < y[i]! ? -1 : 1;
  }
  return x.length - y.length;
}
