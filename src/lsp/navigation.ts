// Hover, go to definition and find references in a pathway file: node ids and the fields that name them, `{{variables}}` and their producers, findings.
import type { Hover, Location, Range as LspRange } from "vscode-languageserver";
import type { Diagnostic, Range, RuleDescriptor } from "../diagnostics/index.js";
import { escapeMarkdownText, toMarkdownCodeSpan } from "../escape/markdown.js";
import { VARIABLE_PATTERN } from "../graph/variables.js";
import { getTokenAt, toPointer, type JsonToken } from "./json-position.js";
import { getNodeDeclaredAt, getReferenceAt, type NodeFact, type PathwayFacts } from "./pathway-facts.js";

/** A 1-based pathwaykit range as an LSP range (0-based lines and characters). */
export function toLspRange(range: Range | undefined): LspRange {
  if (!range) return { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  return { start: { line: range.start.line - 1, character: range.start.column - 1 }, end: { line: range.end.line - 1, character: range.end.column - 1 } };
}

/** At most this many entries are listed in one hover (a hub node may have hundreds of ways in). */
const MAX_LISTED = 12;

const code = (text: string) => toMarkdownCodeSpan(text);

function listed(lines: string[]): string {
  const shown = lines.slice(0, MAX_LISTED).map((l) => `- ${l}`);
  if (lines.length > MAX_LISTED) shown.push(`- … and ${lines.length - MAX_LISTED} more`);
  return shown.join("\n");
}

/** The `{{name}}` under `offset` inside a string token, by the token's raw text. */
export function getPlaceholderAt(text: string, token: JsonToken, offset: number): { name: string; root: string } | undefined {
  if (token.kind !== "string") return undefined;
  const raw = text.slice(token.start, token.end);
  const pattern = new RegExp(VARIABLE_PATTERN);
  for (let m = pattern.exec(raw); m; m = pattern.exec(raw)) {
    const from = token.start + m.index;
    if (offset >= from && offset < from + m[0].length) return { name: m[1]!, root: m[1]!.split(".")[0]! };
  }
  return undefined;
}

function describeNode(facts: PathwayFacts, node: NodeFact): string {
  const nodeName = (id: string) => {
    const other = facts.byId.get(id);
    return other ? `${escapeMarkdownText(other.name)} (${code(id)})` : `${code(id)} (no such node)`;
  };
  const out = facts.ways.filter((w) => w.fromIndex === node.index).map((w) => `${w.kind}${w.label ? ` ${code(w.label)}` : ""} → ${nodeName(w.to)}`);
  const into = facts.ways.filter((w) => w.toIndex === node.index).map((w) => `${nodeName(w.from)} via ${w.kind}${w.label ? ` ${code(w.label)}` : ""}`);
  return [
    `**${escapeMarkdownText(node.name)}** ${code(node.id)}${node.type ? ` — ${escapeMarkdownText(node.type)}` : ""}`,
    `Ways in: ${into.length}${into.length ? `\n${listed(into)}` : ""}`,
    `Ways out: ${out.length}${out.length ? `\n${listed(out)}` : ""}`,
  ].join("\n\n");
}

function describeVariable(facts: PathwayFacts, diagnostics: readonly Diagnostic[], name: string, root: string, pointer: string): string {
  const nodeLabel = (id: string) => (id === "" ? "the global prompt" : `${escapeMarkdownText(facts.byId.get(id)?.name ?? id)} (${code(id)})`);
  const producers = facts.definitions.filter((d) => d.name === root || d.name === name).map((d) => `${nodeLabel(d.nodeId)} — ${d.source}`);
  const reads = facts.uses.filter((u) => u.root === root).map((u) => `${nodeLabel(u.nodeId)} — ${escapeMarkdownText(u.field)}`);
  const unset = diagnostics.filter(
    (d) => (d.ruleId === "maybe-unset-variable" || d.ruleId === "undefined-variable") && d.pointer === pointer && d.message.includes(root),
  );
  return [
    `**${code(`{{${name}}}`)}**`,
    producers.length ? `Set by:\n${listed(producers)}` : "Set by: no node in this pathway (request data, a system variable, or nowhere).",
    `Read in:\n${listed(reads)}`,
    ...unset.map((d) => `⚠ ${escapeMarkdownText(d.message)} (${d.ruleId})`),
  ].join("\n\n");
}

function contains(range: Range | undefined, line: number, column: number): boolean {
  if (!range) return false;
  const after = line > range.start.line || (line === range.start.line && column >= range.start.column);
  const before = line < range.end.line || (line === range.end.line && column < range.end.column);
  return after && before;
}

function describeFindings(diagnostics: readonly Diagnostic[], line: number, column: number, ruleMetas: readonly RuleDescriptor[]): string[] {
  return diagnostics
    .filter((d) => contains(d.range, line, column))
    .map((d) => {
      const meta = ruleMetas.find((m) => m.id === d.ruleId);
      const docs = meta?.docs ?? d.url;
      return [
        `**${d.ruleId}** (${d.severity}): ${escapeMarkdownText(d.message)}`,
        ...(meta ? [escapeMarkdownText(meta.description)] : []),
        ...(docs ? [`[Documentation of ${d.ruleId}](${docs})`] : []),
      ].join("\n\n");
    });
}

/** What the cursor is on: a node id, a field naming a node, or a placeholder. */
function whatIsAt(facts: PathwayFacts, text: string, offset: number) {
  const token = getTokenAt(text, offset);
  if (!token || token.kind === "key") return undefined;
  const declared = getNodeDeclaredAt(facts, token.path);
  const reference = getReferenceAt(facts, token.path);
  return { token, nodeId: declared?.id ?? reference?.id, placeholder: getPlaceholderAt(text, token, offset) };
}

/** The hover at `offset` of `text` (the current text; `facts` may be from the last text that parsed); a finding is described by its rule's meta among `ruleMetas`. */
export function getHover(
  facts: PathwayFacts | undefined,
  diagnostics: readonly Diagnostic[],
  text: string,
  offset: number,
  line: number,
  column: number,
  ruleMetas: readonly RuleDescriptor[],
): Hover | undefined {
  const parts: string[] = [];
  const at = facts && whatIsAt(facts, text, offset);
  if (facts && at?.placeholder) parts.push(describeVariable(facts, diagnostics, at.placeholder.name, at.placeholder.root, toPointer(at.token.path)));
  else if (facts && at?.nodeId !== undefined) {
    const node = facts.byId.get(at.nodeId);
    parts.push(node ? describeNode(facts, node) : `${code(at.nodeId)}: no node has this id.`);
  }
  parts.push(...describeFindings(diagnostics, line, column, ruleMetas));
  if (parts.length === 0) return undefined;
  return { contents: { kind: "markdown", value: parts.join("\n\n---\n\n") } };
}

/** Where the thing at `offset` is defined: the node an id names, or the nodes that set a variable. */
export function getDefinition(facts: PathwayFacts | undefined, text: string, offset: number, uri: string): Location[] {
  const at = facts && whatIsAt(facts, text, offset);
  if (!facts || !at) return [];
  if (at.placeholder) {
    const { name, root } = at.placeholder;
    return facts.definitions.filter((d) => d.name === root || d.name === name).map((d) => ({ uri, range: toLspRange(d.range) }));
  }
  const node = at.nodeId !== undefined ? facts.byId.get(at.nodeId) : undefined;
  return node ? [{ uri, range: toLspRange(node.idRange) }] : [];
}

/** Every place that names the node at `offset` (with its declaration when asked), or every read of the variable there. */
export function getReferences(facts: PathwayFacts | undefined, text: string, offset: number, uri: string, includeDeclaration: boolean): Location[] {
  const at = facts && whatIsAt(facts, text, offset);
  if (!facts || !at) return [];
  if (at.placeholder) {
    const reads = facts.uses.filter((u) => u.root === at.placeholder!.root).map((u) => ({ uri, range: toLspRange(u.range) }));
    const defs = includeDeclaration ? getDefinition(facts, text, offset, uri) : [];
    return [...defs, ...reads];
  }
  if (at.nodeId === undefined) return [];
  const node = facts.byId.get(at.nodeId);
  const refs = facts.references.filter((r) => r.id === at.nodeId).map((r) => ({ uri, range: toLspRange(r.range) }));
  return includeDeclaration && node ? [{ uri, range: toLspRange(node.idRange) }, ...refs] : refs;
}
