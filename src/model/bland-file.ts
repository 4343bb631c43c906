// bland-cli's pathway file (bland-pathway.yaml, parsed) as the API's pathway JSON, as its fileToApi converts it, with node ids that stay the same from run to run.
import DEFAULT_NODE_TYPE from "./node-types/default.js";
import { isObject } from "./pathway.js";
import type { Pathway } from "./schema.js";

/** The file names bland-cli looks for, in its order (bland-cli 0.6.1's PATHWAY_FILE_NAMES). */
export const BLAND_PATHWAY_FILE_NAMES: readonly string[] = ["bland-pathway.yaml", "bland-pathway.yml", "bland-pathway.json", "pathway.yaml", "pathway.yml"];

/** YAML node key -> `data` key, copied when present (bland-cli copies these as they are). */
const COPIED: Readonly<Record<string, string>> = {
  prompt: "prompt",
  condition: "condition",
  is_global: "isGlobal",
  global_label: "globalLabel",
  dialogue_examples: "dialogueExamples",
  condition_examples: "conditionExamples",
  pathway_examples: "pathwayExamples",
  model_options: "modelOptions",
  tools: "tools",
};

/** YAML node key -> `data` key, copied only when truthy. */
const IF_SET: Readonly<Record<string, string>> = {
  global_description: "globalDescription",
  prev_node_pathway_label: "prevNodePathwayLabel",
  prev_node_pathway_description: "prevNodePathwayDescription",
  number: "transferNumber",
  code: "code",
  knowledge_base_id: "kb",
  kb_tool: "kbTool",
  speech_during_kb: "speechDuringKBPrompt",
};

function toData(name: string, node: Record<string, unknown>, type: string, start: boolean): Record<string, unknown> {
  const data: Record<string, unknown> = { name, type };
  for (const [from, to] of Object.entries(COPIED))
    if (node[from] !== undefined && !(Array.isArray(node[from]) && (node[from] as unknown[]).length === 0)) data[to] = node[from];
  for (const [from, to] of Object.entries(IF_SET)) if (node[from]) data[to] = node[from];
  if (node.enable_global_auto_return) data.enableGlobalAutoReturn = true;
  if (node.enable_return_to_prev_before_global) data.enableReturnToPrevBeforeGlobal = true;
  if (isObject(node.tag) && node.tag.name) data.tag = { name: node.tag.name, color: node.tag.color ?? "#888888" };
  if (Array.isArray(node.extract_variables)) {
    data.extractVars = node.extract_variables.filter(isObject).map((v) => [v.name, v.type, v.description]);
  }
  if (isObject(node.extract_var_settings)) {
    const s = node.extract_var_settings;
    data.extractVarSettings = {
      ...(s.ignore_previous !== undefined && { ignorePrevious: s.ignore_previous }),
      ...(s.use_audio !== undefined && { useAudio: s.use_audio }),
    };
  }
  if (start) data.isStart = true;
  return data;
}

/**
 * The API pathway a bland-cli pathway file stands for, converted as bland-cli's `fileToApi` does (snake_case keys to
 * the API's, the first node the start, the global prompt as the `{globalConfig}` entry, edges from each node's
 * `edges:`), except that each node's id is its name (bland-cli draws a new UUID on every push) and positions are left
 * out. What bland-cli refuses (no name, no nodes, an edge to a node that is not there) is refused with a sentence.
 */
export function fromBlandFile(value: unknown): { ok: true; pathway: Pathway } | { ok: false; message: string } {
  if (!isObject(value)) return { ok: false, message: "a bland-cli pathway file is a mapping with name: and nodes:" };
  if (!value.name) return { ok: false, message: "the bland-cli pathway file has no name:" };
  const nodes = isObject(value.nodes) ? value.nodes : {};
  const names = Object.keys(nodes);
  if (names.length === 0) return { ok: false, message: "the bland-cli pathway file has no nodes:" };
  const entries: unknown[] = [];
  const global = isObject(value.global) ? value.global : {};
  if (typeof global.prompt === "string" && global.prompt !== "") entries.push({ globalConfig: { globalPrompt: global.prompt } });
  const edges: Record<string, unknown>[] = [];
  for (const [i, name] of names.entries()) {
    const node = isObject(nodes[name]) ? nodes[name] : {};
    // bland-cli sends the type as written, and Default when it is missing or empty.
    const type = typeof node.type === "string" && node.type !== "" ? node.type : DEFAULT_NODE_TYPE.type;
    entries.push({ id: name, type, data: toData(name, node, type, i === 0) });
    for (const edge of Array.isArray(node.edges) ? node.edges.filter(isObject) : []) {
      const target = String(edge.target ?? "");
      if (!Object.hasOwn(nodes, target)) return { ok: false, message: `the edge of node "${name}" leads to "${target}", which is not a node of the file` };
      const label = edge.label ?? edge.condition;
      edges.push({
        id: `${name}->${target}${edges.some((e) => e.source === name && e.target === target) ? `#${edges.length}` : ""}`,
        source: name,
        target,
        ...(label !== undefined && { label }),
        ...(edge.description !== undefined && { description: edge.description }),
      });
    }
  }
  return {
    ok: true,
    pathway: {
      name: String(value.name),
      ...(typeof value.description === "string" && { description: value.description }),
      nodes: entries,
      edges,
    } as unknown as Pathway,
  };
}
