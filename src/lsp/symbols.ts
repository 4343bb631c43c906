// Document symbols (the nodes, each with the ways out of it) and workspace symbols (node names across the open pathways).
import { SymbolKind, type DocumentSymbol, type SymbolInformation } from "vscode-languageserver";
import { toLspRange } from "./navigation.js";
import type { PathwayFacts } from "./pathway-facts.js";

/** Most symbols one workspace query returns: an editor shows a short list, and a huge workspace must not flood it. */
const MAX_WORKSPACE_SYMBOLS = 500;

/** The nodes of a pathway, in file order, each with its ways out as children. */
export function getDocumentSymbols(facts: PathwayFacts): DocumentSymbol[] {
  return facts.nodes.map((node) => {
    const range = toLspRange(node.range);
    const children = facts.ways
      .filter((w) => w.fromIndex === node.index)
      .map((w): DocumentSymbol => {
        const edge = w.kind === "edge" || w.kind === "voicemail" || w.kind === "press" ? facts.edges.find((e) => e.index === w.ref) : undefined;
        const target = facts.byId.get(w.to)?.name ?? w.to;
        const where = toLspRange(edge?.range ?? node.range);
        return { name: `${w.label || w.kind} → ${target}`, detail: w.kind, kind: SymbolKind.Event, range: where, selectionRange: where };
      });
    return {
      name: node.name,
      detail: `${node.type} ${node.id}`.trim(),
      kind: SymbolKind.Class,
      range,
      selectionRange: node.idRange ? toLspRange(node.idRange) : range,
      children,
    };
  });
}

/** Nodes whose name or id contains `query` (case-insensitive), across the given pathways. */
export function getWorkspaceSymbols(pathways: readonly { uri: string; facts: PathwayFacts }[], query: string): SymbolInformation[] {
  const q = query.toLowerCase();
  const out: SymbolInformation[] = [];
  for (const { uri, facts } of pathways) {
    for (const node of facts.nodes) {
      if (out.length >= MAX_WORKSPACE_SYMBOLS) return out;
      if (q !== "" && !node.name.toLowerCase().includes(q) && !node.id.toLowerCase().includes(q)) continue;
      out.push({ name: node.name, kind: SymbolKind.Class, containerName: node.type, location: { uri, range: toLspRange(node.idRange ?? node.range) } });
    }
  }
  return out;
}
