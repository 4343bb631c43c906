// The diff as a Mermaid flowchart of the new version, with added, removed, renamed and changed nodes and edges coloured.
import type { PathwayChange } from "../diff/index.js";
import { escapeMermaidText } from "../escape/mermaid.js";
import { createFlowModel, getEdgeEntryIndex, getFlowWayCaption, getFlowWays, getNodes } from "../graph/index.js";
import type { DiffFormatter } from "./diff-report.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Node entries with a string id, with their index (the `{globalConfig}` entry, even one with an id, and junk are skipped). */
function listNodes(pathway: unknown): { node: Obj & { id: string }; index: number }[] {
  return getNodes(pathway) as unknown as { node: Obj & { id: string }; index: number }[];
}

const MAX_LABEL = 60;

/** Text safe inside a quoted Mermaid label: folded to one line, cut to 60 characters, then the one Mermaid escaper. */
export function toMermaidText(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return escapeMermaidText(chars.length > MAX_LABEL ? `${chars.slice(0, MAX_LABEL - 1).join("")}…` : flat);
}

type Status = "added" | "removed" | "changed" | "renamed";

/** Index into nodes[] or edges[] named by a pointer like `/nodes/3/data/prompt`. */
function pointerIndex(pointer: string | undefined, list: "nodes" | "edges"): number | undefined {
  const m = pointer ? new RegExp(`^/${list}/(\\d+)(?:/|$)`).exec(pointer) : null;
  return m ? Number(m[1]) : undefined;
}

/**
 * Formats a diff as a Mermaid flowchart: the second version's graph plus what the first had and the second lost.
 * Node ids are generated (n0, n1, ...), so nothing from the pathway reaches Mermaid unescaped.
 */
export const formatDiffMermaid: DiffFormatter = (input) => {
  const { diff } = input;
  const nodeStatus = new Map<number, Status>();
  const edgeStatus = new Map<number, Status>();
  const removedNodes: PathwayChange[] = [];
  const removedEdges: PathwayChange[] = [];
  for (const change of diff.changes) {
    if (change.entity === "node") {
      const i = pointerIndex(change.pointerB, "nodes");
      if (change.op === "remove" && change.path.length === 0) removedNodes.push(change);
      else if (i !== undefined) {
        const status: Status = change.op === "add" && change.path.length === 0 ? "added" : change.op === "rename" ? "renamed" : "changed";
        if (nodeStatus.get(i) !== "renamed") nodeStatus.set(i, status);
      }
    } else if (change.entity === "edge") {
      const i = pointerIndex(change.pointerB, "edges");
      if (change.op === "remove" && change.path.length === 0) removedEdges.push(change);
      else if (i !== undefined) edgeStatus.set(i, change.op === "add" && change.path.length === 0 ? "added" : "changed");
    }
  }

  const lines = ["flowchart TD"];
  const ids = new Map<string, string>(); // "b:<id>" or "a:<id>" -> n<k>
  const classes: Record<Status, string[]> = { added: [], removed: [], changed: [], renamed: [] };
  const declare = (key: string, label: string, status?: Status): string => {
    const existing = ids.get(key);
    if (existing) return existing;
    const id = `n${ids.size}`;
    ids.set(key, id);
    lines.push(`  ${id}["${toMermaidText(label)}"]`);
    if (status) classes[status].push(id);
    return id;
  };
  const nodeLabel = (node: { id: string; data?: unknown }) => {
    const name = isObj(node.data) ? node.data.name : undefined;
    return typeof name === "string" && name.trim() !== "" ? name : node.id;
  };
  for (const { node, index } of listNodes(input.after)) declare(`b:${node.id}`, nodeLabel(node), nodeStatus.get(index));
  for (const change of removedNodes) {
    const node = change.before as { id: string; data?: unknown };
    declare(`a:${node.id}`, nodeLabel(node), "removed");
  }
  const endpoint = (id: string): string => ids.get(`b:${id}`) ?? ids.get(`a:${id}`) ?? declare(`b:${id}`, `${id} (missing)`);

  const linkStyles: string[] = [];
  let link = 0;
  const addEdge = (source: string, target: string, label: string | undefined, status: Status | undefined, dotted = false) => {
    const arrow = status === "removed" || (dotted && status === undefined) ? "-.->" : status === "added" ? "==>" : "-->";
    const text = label ? `|"${toMermaidText(label)}"|` : "";
    lines.push(`  ${endpoint(source)} ${arrow}${text} ${endpoint(target)}`);
    const stroke = status === "added" ? "#2da44e" : status === "removed" ? "#cf222e" : status === "changed" ? "#bf8700" : undefined;
    if (stroke) linkStyles.push(`  linkStyle ${link} stroke:${stroke},stroke-width:2px`);
    link++;
  };
  // The new version's flow, from the one flow model: edges (coloured by their change), then routes, fallbacks, response
  // routes and press targets; conditions and voicemail edges are dotted, as in `pathway diagram`.
  const ways = isObj(input.after) && Array.isArray(input.after.nodes) ? getFlowWays(createFlowModel(input.after as Parameters<typeof createFlowModel>[0])) : [];
  for (const way of ways) {
    const index = getEdgeEntryIndex(way);
    const caption = getFlowWayCaption(way);
    addEdge(
      way.from,
      way.to,
      caption === "" ? undefined : caption,
      index === undefined ? undefined : edgeStatus.get(index),
      way.kind !== "edge" && way.kind !== "press",
    );
  }
  for (const change of removedEdges) addEdge(change.edge!.source, change.edge!.target, change.edge!.label ?? undefined, "removed");

  lines.push(...linkStyles);
  lines.push("  classDef added fill:#dafbe1,stroke:#2da44e,color:#000");
  lines.push("  classDef removed fill:#ffebe9,stroke:#cf222e,color:#000,stroke-dasharray:4 3");
  lines.push("  classDef changed fill:#fff8c5,stroke:#bf8700,color:#000");
  lines.push("  classDef renamed fill:#ddf4ff,stroke:#0969da,color:#000");
  for (const [status, list] of Object.entries(classes)) if (list.length > 0) lines.push(`  class ${list.join(",")} ${status}`);
  return `${lines.join("\n")}\n`;
};
