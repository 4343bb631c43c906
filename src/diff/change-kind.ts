// What a change is about, for reviewers: prompt text, routing, variables, webhooks and tools, transfers, globals...

/** The kinds of change, in the order summaries list them. */
export const CHANGE_KINDS = ["prompt", "routing", "variables", "webhook", "transfer", "globals", "model", "metadata", "layout", "other"] as const;

/**
 * What a change is about. `prompt`: what the agent says or is told (prompt, text, kb, examples); `routing`: nodes and
 * edges added or removed, edge labels and conditions, route, response and press-button targets, node types;
 * `variables`: extractVars, webhook responseData, tool response_data; `webhook`: webhook and tool configuration (url,
 * method, body, headers, auth, code); `transfer`: transfer numbers and warm-transfer settings; `globals`: global
 * nodes' settings and the global prompt; `model`: modelOptions; `metadata`: names, tags, descriptions and top-level
 * fields; `layout`: positions and editor state (compared only with includeLayout).
 */
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** True for a known kind name (for `--only`). */
export function isChangeKind(name: string): name is ChangeKind {
  return (CHANGE_KINDS as readonly string[]).includes(name);
}

const PROMPT = new Set([
  "prompt",
  "text",
  "kb",
  "pathwayExamples",
  "dialogueExamples",
  "conditionExamples",
  "queryExtractionPrompt",
  "digitPrompt",
  "smsBody",
  "message",
  "IVRSurvey",
]);
const ROUTING = new Set(["condition", "routes", "fallbackNodeId", "responsePathways", "targetNodeAfterPress", "goToNextNode", "isStart", "digit", "sequence"]);
const VARIABLES = new Set(["extractVars", "responseData", "snippet_variables"]);
const WEBHOOK = new Set([
  "url",
  "method",
  "body",
  "headers",
  "auth",
  "timeoutValue",
  "max_retries",
  "tool",
  "staticVars",
  "code",
  "snippet_id",
  "snippet_version",
  "kbTool",
  "useManualInput",
  "phoneNumber",
  "fromNumber",
]);
const TRANSFER = new Set(["transferNumber", "warmTransferFields"]);
const GLOBALS = new Set([
  "isGlobal",
  "globalLabel",
  "globalDescription",
  "enableGlobalAutoReturn",
  "prevNodePathwayLabel",
  "prevNodePathwayDescription",
  "globalPrompt",
]);
const NODE_LAYOUT = new Set(["position", "width", "height", "positionAbsolute", "dragging", "selected"]);
const EDGE_LAYOUT = new Set(["id", "type", "isHighlighted"]);

/** The kind of a change inside a node tool (`data.tools[i]...`): its response mappings are variables, the rest tool config. */
function toolKind(rest: readonly string[]): ChangeKind {
  if (rest.includes("response_data")) return "variables";
  if (rest[0] === "responsePathways") return "routing";
  return "webhook";
}

/** The kind of one change, from its entity, operation and field path. */
export function getChangeKind(change: { entity: string; op: string; path: readonly string[] }): ChangeKind {
  const { entity, path } = change;
  if (entity === "globalConfig") return "globals";
  if (entity === "pathway") return path[0] === "globalPrompt" ? "globals" : "metadata";
  if (path.length === 0) return "routing";
  if (entity === "edge") {
    if (path[0] === "data" && path[1] !== undefined) return EDGE_LAYOUT.has(path[1]) ? "layout" : path[1] === "name" ? "metadata" : "routing";
    return EDGE_LAYOUT.has(path[0]!) ? "layout" : "routing";
  }
  const [top, field, ...rest] = path;
  if (top === "type") return "routing";
  if (top !== "data") return NODE_LAYOUT.has(top!) ? "layout" : "metadata";
  if (field === undefined) return "other";
  if (field === "modelOptions") return "model";
  if (field === "tools") return toolKind(rest.slice(1));
  if (field === "active" || field === "isHighlighted") return "layout";
  if (field === "name" || field === "tag" || field === "description") return "metadata";
  if (PROMPT.has(field)) return "prompt";
  if (ROUTING.has(field)) return "routing";
  if (VARIABLES.has(field)) return "variables";
  if (WEBHOOK.has(field)) return "webhook";
  if (TRANSFER.has(field)) return "transfer";
  if (GLOBALS.has(field)) return "globals";
  return "other";
}

/** Counts of changes by kind (every kind present, zero when none). */
export type KindCounts = Record<ChangeKind, number>;

/** Counts changes by kind. */
export function countByKind(changes: readonly { kind?: ChangeKind; entity: string; op: string; path: readonly string[] }[]): KindCounts {
  const counts = Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as KindCounts;
  for (const c of changes) counts[c.kind ?? getChangeKind(c)]++;
  return counts;
}
