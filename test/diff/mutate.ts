// Test helper: deterministic edits of a pathway (the kinds of change a user makes in the editor), for diff properties.
import { cloneJson } from "../../src/diff/index.js";

/** One edit; `at` picks the node or edge (modulo the count), `word` is new text. */
export type Mutation =
  | { kind: "prompt" | "rename" | "remove-node" | "position" | "condition" | "drop-prompt"; at: number; word: string }
  | { kind: "label" | "move-label" | "remove-edge" | "edge-id" | "duplicate-edge" | "edge-description"; at: number; word: string }
  | { kind: "add-node" | "add-edge" | "name" | "global-prompt"; at: number; word: string };

type Obj = Record<string, unknown>;

/** Applies `mutations` to a copy of `pathway`. */
export function mutatePathway(pathway: unknown, mutations: readonly Mutation[]): Obj {
  const p = cloneJson(pathway) as Obj;
  const nodes = p.nodes as Obj[];
  const edges = p.edges as Obj[];
  let fresh = 0;
  for (const m of mutations) {
    const realNodes = nodes.filter((n) => typeof n.id === "string");
    const node = realNodes.length ? realNodes[m.at % realNodes.length] : undefined;
    const edge = edges.length ? edges[m.at % edges.length] : undefined;
    const data = (node?.data ?? {}) as Obj;
    switch (m.kind) {
      case "prompt":
        if (node) data.prompt = `${typeof data.prompt === "string" ? data.prompt : ""} ${m.word}`.trim();
        break;
      case "drop-prompt":
        if (node) delete data.prompt;
        break;
      case "condition":
        if (node) data.condition = `Wait until the caller says ${m.word}`;
        break;
      case "position":
        if (node) node.position = { x: m.at, y: m.word.length };
        break;
      case "rename":
        if (node) {
          const from = node.id as string;
          const to = `renamed-${fresh++}-${from}`;
          node.id = to;
          for (const e of edges) {
            if (e.source === from) e.source = to;
            if (e.target === from) e.target = to;
          }
        }
        break;
      case "remove-node":
        if (node) nodes.splice(nodes.indexOf(node), 1);
        break;
      case "add-node":
        nodes.push({ id: `added-${fresh++}`, type: "Default", data: { name: `Added ${m.word}`, prompt: `Talk about ${m.word}` } });
        break;
      case "label":
        if (edge) edge.label = `${m.word} ${m.at}`;
        break;
      case "move-label":
        if (edge && typeof edge.label === "string") {
          edge.data = { ...((edge.data as Obj) ?? {}), label: edge.label };
          delete edge.label;
        }
        break;
      case "edge-description":
        if (edge) edge.data = { ...((edge.data as Obj) ?? {}), description: m.word };
        break;
      case "remove-edge":
        if (edge) edges.splice(edges.indexOf(edge), 1);
        break;
      case "edge-id":
        if (edge) edge.id = `reactflow__edge-${String(edge.source)}-${String(edge.target)}-${m.word}`;
        break;
      case "duplicate-edge":
        if (edge) edges.push({ ...cloneJson(edge), id: `dup-${fresh++}` });
        break;
      case "add-edge":
        if (realNodes.length)
          edges.push({
            id: `new-${fresh++}`,
            source: realNodes[m.at % realNodes.length]!.id,
            target: realNodes[(m.at * 7 + 1) % realNodes.length]!.id,
            label: m.word,
          });
        break;
      case "name":
        p.name = `Pathway ${m.word}`;
        break;
      case "global-prompt": {
        const entry = nodes.find((n) => "globalConfig" in n);
        if (entry) (entry.globalConfig as Obj).globalPrompt = `Be ${m.word}.`;
        else nodes.push({ globalConfig: { globalPrompt: `Be ${m.word}.` } });
        break;
      }
    }
  }
  return p;
}

/** The same pathway with nodes and edges in another (deterministic) order. */
export function shuffleEntries(pathway: unknown, seed: number): Obj {
  const p = cloneJson(pathway) as Obj;
  const shuffle = <T>(items: T[]) => {
    let s = seed >>> 0 || 1;
    for (let i = items.length - 1; i > 0; i--) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const j = s % (i + 1);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
  };
  if (Array.isArray(p.nodes)) shuffle(p.nodes);
  if (Array.isArray(p.edges)) shuffle(p.edges);
  return p;
}
