// Completion: node ids where a pathway field names a node, and edge labels and node names after a scenario's take: and node:.
import path from "node:path";
import { CompletionItemKind, type CompletionItem } from "vscode-languageserver";
import { findProjectRoot, resolveInsideRoot } from "../host/confine-path.js";
import type { Host } from "../host/host.js";
import type { DocumentKind } from "./analyze.js";
import { getTokenAt } from "./json-position.js";
import { getPathwayFacts, type PathwayFacts } from "./pathway-facts.js";

/** The document and place a completion is asked for. */
export interface CompletionRequest {
  kind: DocumentKind;
  file: string;
  facts?: PathwayFacts;
  text: string;
  offset: number;
  /** 0-based line of the cursor. */
  line: number;
}

/** Largest pathway read from disk for a scenario's completion (an open one is taken from the editor). */
const MAX_SCENARIO_PATHWAY_BYTES = 16 * 1024 * 1024;

/** The last key of a path that names a node, with the key before it for a route's target or a press target's id. */
function namesNode(path: readonly (string | number)[]): boolean {
  const [a, b] = [path[path.length - 1], path[path.length - 2]];
  if (path[0] === "edges" && path.length === 3) return a === "source" || a === "target";
  if (path[0] !== "nodes") return false;
  return (
    a === "targetNodeId" ||
    a === "fallbackNodeId" ||
    (a === "id" && (b === "targetNodeAfterPress" || path[path.length - 3] === 3)) ||
    a === "targetNodeAfterPress"
  );
}

function nodeItems(facts: PathwayFacts): CompletionItem[] {
  return facts.nodes.map((n) => ({ label: n.id, kind: CompletionItemKind.Reference, detail: `${n.name}${n.type ? ` (${n.type})` : ""}` }));
}

/** The pathway a scenario names on its `pathway:` line (its file and facts), confined to the project as `pathway test` confines it. */
export async function getScenarioPathway(
  host: Host,
  file: string,
  text: string,
  openFacts: (file: string) => PathwayFacts | undefined,
): Promise<{ file: string; facts: PathwayFacts } | undefined> {
  const named = /^pathway:\s*["']?([^"'#\n]+?)["']?\s*(?:#.*)?$/m.exec(text)?.[1];
  if (!named) return undefined;
  const root = await findProjectRoot(host, file);
  const confined = await resolveInsideRoot(host, root, named, { base: path.dirname(file) });
  if (!confined.ok) return undefined;
  const open = openFacts(confined.path);
  if (open) return { file: confined.path, facts: open };
  const size = (await host.stat(confined.path))?.size ?? Infinity;
  if (size > MAX_SCENARIO_PATHWAY_BYTES) return undefined;
  const bytes = await host.readFile(confined.path).catch(() => undefined);
  const facts = bytes && getPathwayFacts(new TextDecoder().decode(bytes));
  return facts ? { file: confined.path, facts } : undefined;
}

/** The scenario field on a line (`take:`, or `node:` alone or inside `expect: { ... }`) and the value written after it. */
export function getScenarioField(lineText: string): { field: "take" | "node"; value: string } | undefined {
  const m = /^\s*(?:-\s*)?(?:expect:\s*\{\s*)?(take|node):\s*(.*?)\s*(?:[,}]\s*.*)?$/.exec(lineText);
  if (!m) return undefined;
  return { field: m[1] as "take" | "node", value: m[2]!.replace(/^["']|["']$/g, "") };
}

/** The completion items at the request's place; none where nothing certain can be offered. */
export async function getCompletions(host: Host, request: CompletionRequest, openFacts: (file: string) => PathwayFacts | undefined): Promise<CompletionItem[]> {
  if (request.kind === "pathway") {
    if (!request.facts) return [];
    const token = getTokenAt(request.text, Math.max(0, request.offset - 1));
    return token && token.kind === "string" && namesNode(token.path) ? nodeItems(request.facts) : [];
  }
  if (request.kind !== "scenario") return [];
  const field = getScenarioField(request.text.split("\n")[request.line] ?? "")?.field;
  if (!field) return [];
  const facts = (await getScenarioPathway(host, request.file, request.text, openFacts))?.facts;
  if (!facts) return [];
  const names = facts.nodes.map((n): CompletionItem => ({ label: n.name, kind: CompletionItemKind.Class, detail: `node ${n.id}` }));
  if (field === "node") return names;
  const labels = [...new Set(facts.edges.flatMap((e) => (e.label ? [e.label] : [])))].map(
    (label): CompletionItem => ({ label, kind: CompletionItemKind.Event, detail: "edge label" }),
  );
  return [...labels, ...names];
}
