// A bland-cli pathway file to the pathway the API receives, as bland-cli 0.6.1's `fileToApi` builds it, plus the way back from each pointer to the file.
import type { Diagnostic } from "../../diagnostics/index.js";
import { parsePointer, toPointer } from "../../diagnostics/index.js";
import type { JsonObject } from "../../model/pathway.js";
import { isObject, prop } from "../../model/pathway.js";
import { BLAND_CLI_DEFAULT_TYPE, type BlandCliFile } from "./file.js";

/** The pathway's `data` key for each bland-cli node key `fileToApi` renames (keys it copies as they are map to themselves). */
export const DATA_KEY_OF: Readonly<Record<string, string>> = {
  prompt: "prompt",
  type: "type",
  condition: "condition",
  is_global: "isGlobal",
  global_label: "globalLabel",
  extract_variables: "extractVars",
  tools: "tools",
  model_options: "modelOptions",
  tag: "tag",
  dialogue_examples: "dialogueExamples",
  condition_examples: "conditionExamples",
  pathway_examples: "pathwayExamples",
  global_description: "globalDescription",
  enable_global_auto_return: "enableGlobalAutoReturn",
  enable_return_to_prev_before_global: "enableReturnToPrevBeforeGlobal",
  prev_node_pathway_label: "prevNodePathwayLabel",
  prev_node_pathway_description: "prevNodePathwayDescription",
  extract_var_settings: "extractVarSettings",
  number: "transferNumber",
  code: "code",
  knowledge_base_id: "kb",
  kb_tool: "kbTool",
  speech_during_kb: "speechDuringKBPrompt",
};

/** The bland-cli node key of each `data` key (the inverse of `DATA_KEY_OF`). */
export const FILE_KEY_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(DATA_KEY_OF).map(([file, data]) => [data, file]));

/** The keys of an edge in a bland-cli file (`PathwayFileEdge`). */
export const EDGE_KEYS: readonly string[] = ["target", "label", "description", "condition"];

/** What converting a bland-cli file gives: the pathway, the way back to the file, and why bland-cli would refuse the file. */
export interface FromBlandCliFile {
  /** The pathway `fileToApi` sends, with each node's name as its id (bland-cli makes a random UUID on every push). */
  pathway: JsonObject;
  /** The pointer into the bland-cli file that a pointer into `pathway` came from (its nearest ancestor when not mapped). */
  toFilePointer(pointer: string): string;
  /** What makes bland-cli refuse the file (no name, no nodes, an edge to no node) or stop on it; pointers into the file. */
  problems: Diagnostic[];
}

const fileProblem = (pointer: string, message: string): Diagnostic => ({ ruleId: "bland-cli-file", severity: "error", message, pointer });

/** The grid `fileToApi` lays nodes out on: six to a column. */
function gridPosition(index: number): { x: number; y: number } {
  return { x: 300 + Math.floor(index / 6) * 400, y: 50 + (index % 6) * 220 };
}

/** The `data` of one node, key for key as `fileToApi` writes it (undefined values left out, as JSON leaves them out). */
function toNodeData(name: string, node: JsonObject, isFirst: boolean): JsonObject {
  const data: JsonObject = {};
  const set = (key: string, value: unknown) => {
    if (value !== undefined) data[key] = value;
  };
  const extract = prop(node, "extract_variables");
  set("name", name);
  set("prompt", prop(node, "prompt"));
  set("type", prop(node, "type") || BLAND_CLI_DEFAULT_TYPE);
  set("condition", prop(node, "condition"));
  set("isGlobal", prop(node, "is_global"));
  set("globalLabel", prop(node, "global_label"));
  // [name, type, description]: a missing member is `undefined`, which JSON writes as null inside an array.
  if (Array.isArray(extract))
    set(
      "extractVars",
      extract.map((v) => [prop(v, "name") ?? null, prop(v, "type") ?? null, prop(v, "description") ?? null]),
    );
  set("tools", prop(node, "tools"));
  if (isFirst) data.isStart = true;
  set("modelOptions", prop(node, "model_options"));
  const tag = prop(node, "tag");
  if (prop(tag, "name")) data.tag = { name: prop(tag, "name"), color: prop(tag, "color") || "#888888" };
  for (const key of ["dialogue_examples", "condition_examples", "pathway_examples"]) {
    const examples = prop(node, key);
    if ((examples as { length?: unknown } | undefined)?.length) data[DATA_KEY_OF[key]!] = examples;
  }
  for (const key of ["global_description", "prev_node_pathway_label", "prev_node_pathway_description"]) {
    if (prop(node, key)) data[DATA_KEY_OF[key]!] = prop(node, key);
  }
  if (prop(node, "enable_global_auto_return")) data.enableGlobalAutoReturn = true;
  if (prop(node, "enable_return_to_prev_before_global")) data.enableReturnToPrevBeforeGlobal = true;
  const settings = prop(node, "extract_var_settings");
  if (settings) {
    const out: JsonObject = {};
    if (prop(settings, "ignore_previous") !== undefined) out.ignorePrevious = prop(settings, "ignore_previous");
    if (prop(settings, "use_audio") !== undefined) out.useAudio = prop(settings, "use_audio");
    data.extractVarSettings = out;
  }
  for (const key of ["number", "code", "knowledge_base_id", "kb_tool", "speech_during_kb"]) {
    if (prop(node, key)) data[DATA_KEY_OF[key]!] = prop(node, key);
  }
  return data;
}

/**
 * Converts a bland-cli file as bland-cli 0.6.1's `fileToApi` does: the first key of `nodes` (JavaScript puts
 * integer-like names first) is the start node; a missing type is `Default`; keys are renamed (see `DATA_KEY_OF`);
 * edges go to the top level with their label (or, without one, their deprecated `condition`) at the edge's top level;
 * `global.prompt` becomes the `{globalConfig}` entry at the head of `nodes`. Unlike bland-cli, the ids are stable: a
 * node's id is its name and an edge's is bland-cli's own pattern over it. A node or edge bland-cli would stop on is
 * left out and reported in `problems`. Never throws.
 */
export function fromBlandCliFile(file: BlandCliFile): FromBlandCliFile {
  const problems: Diagnostic[] = [];
  const nodes: unknown[] = [];
  const edges: JsonObject[] = [];
  /** pathway pointer prefix -> file pointer prefix, for nodes and edges. */
  const nodeAt = new Map<number, { pointer: string; fields: JsonObject }>();
  const edgeAt = new Map<number, { pointer: string; labelKey: string }>();
  if (!file.name) problems.push(fileProblem(Object.hasOwn(file, "name") ? "/name" : "", 'bland-cli refuses this file: it has no "name"; add one (any text).'));
  const entries = isObject(file.nodes) ? Object.entries(file.nodes) : [];
  if (entries.length === 0)
    problems.push(fileProblem(Object.hasOwn(file, "nodes") ? "/nodes" : "", 'bland-cli refuses this file: "nodes" holds no node; add one, keyed by its name.'));
  const names = new Set(entries.map(([name]) => name));
  const global = prop(file, "global");
  const shift = prop(global, "prompt") ? 1 : 0;
  entries.forEach(([name, node], i) => {
    const at = toPointer(["nodes", name]);
    if (!isObject(node)) {
      // fileToApi reads its keys anyway (a string has none); the node is sent with only its name and type.
      problems.push(fileProblem(at, `Node "${name}" is not a mapping of keys (prompt:, type:, edges: ...); write its keys under it.`));
    }
    const fields = isObject(node) ? node : {};
    const data = toNodeData(name, fields, i === 0);
    nodeAt.set(nodes.length + shift, { pointer: at, fields });
    nodes.push({ id: name, type: data.type, position: gridPosition(i), data });
    const fileEdges = prop(fields, "edges");
    if (fileEdges === undefined || fileEdges === null) return;
    if (!Array.isArray(fileEdges)) {
      problems.push(fileProblem(`${at}/edges`, `The edges of node "${name}" are not a list; write each as "- target: <node name>".`));
      return;
    }
    fileEdges.forEach((fileEdge, j) => {
      const edgePointer = `${at}/edges/${j}`;
      const target = prop(fileEdge, "target");
      if (typeof target !== "string" || !names.has(target)) {
        const shown = target === undefined ? "no target" : `target ${JSON.stringify(target)}, which is no node of this file`;
        problems.push(
          fileProblem(
            target === undefined ? edgePointer : `${edgePointer}/target`,
            `bland-cli refuses this file: an edge of node "${name}" has ${shown}; name a node key of "nodes".`,
          ),
        );
        return;
      }
      const edge: JsonObject = { id: `reactflow__edge-${name}-${target}`, source: name, target };
      const label = prop(fileEdge, "label");
      const condition = prop(fileEdge, "condition");
      if (label) edge.label = label;
      else if (condition) edge.label = condition;
      if (prop(fileEdge, "description")) edge.description = prop(fileEdge, "description");
      edgeAt.set(edges.length, { pointer: edgePointer, labelKey: label ? "label" : "condition" });
      edges.push(edge);
    });
  });
  if (shift) nodes.unshift({ globalConfig: { globalPrompt: prop(global, "prompt") } });
  const pathway: JsonObject = {};
  if (file.name !== undefined) pathway.name = file.name;
  if (file.description !== undefined) pathway.description = file.description;
  pathway.nodes = nodes;
  pathway.edges = edges;
  return { pathway, problems, toFilePointer: (pointer) => toFilePointer(pointer, nodeAt, edgeAt, shift === 1) };
}

/** The file pointer of a pathway pointer (see `FromBlandCliFile.toFilePointer`). */
function toFilePointer(
  pointer: string,
  nodeAt: ReadonlyMap<number, { pointer: string; fields: JsonObject }>,
  edgeAt: ReadonlyMap<number, { pointer: string; labelKey: string }>,
  hasGlobal: boolean,
): string {
  let tokens: string[];
  try {
    tokens = parsePointer(pointer);
  } catch {
    return "";
  }
  const [list, index, field, key, ...rest] = tokens;
  if (list === "nodes" && index !== undefined) {
    if (hasGlobal && index === "0") return field === "globalConfig" && key === "globalPrompt" ? "/global/prompt" : "/global";
    const entry = nodeAt.get(Number(index));
    if (entry === undefined) return "/nodes";
    const node = entry.pointer;
    if (field === "type") return `${node}/type`;
    if (field !== "data" || key === undefined || key === "name") return node;
    // A key the file writes as it is (an `isStart:` bland-cli ignores, a `text:`) is found under its own name.
    const fileKey = Object.hasOwn(entry.fields, key) || !FILE_KEY_OF[key] ? key : FILE_KEY_OF[key]!;
    if (key === "extractVars" && rest.length > 0) {
      // A [name, type, description] triple member is a key of the file's variable mapping.
      const member = rest.length > 1 ? (["name", "type", "description"][Number(rest[1])] ?? rest[1]!) : undefined;
      return `${node}${toPointer([fileKey, rest[0]!, ...(member === undefined ? [] : [member]), ...rest.slice(2)])}`;
    }
    if (key === "extractVarSettings" && rest.length > 0)
      return `${node}/${fileKey}${toPointer([{ ignorePrevious: "ignore_previous", useAudio: "use_audio" }[rest[0]!] ?? rest[0]!, ...rest.slice(1)])}`;
    return `${node}${toPointer([fileKey, ...rest])}`;
  }
  if (list === "edges" && index !== undefined) {
    const edge = edgeAt.get(Number(index));
    if (edge === undefined) return "/nodes";
    if (field === "label") return `${edge.pointer}/${edge.labelKey}`;
    if (field === undefined || field === "id" || field === "source") return edge.pointer;
    return `${edge.pointer}${toPointer([field, ...(key === undefined ? [] : [key]), ...rest])}`;
  }
  // name, description and keys the conversion drops (global.voice, version, ...) are where the file has them.
  return pointer;
}
