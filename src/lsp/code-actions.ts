// Quick fixes the editor adds to the rules' own (rule-fixes.ts): request data or a suppression in the config, the missing isStart.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CodeActionKind, type CodeAction, type TextEdit, type WorkspaceEdit } from "vscode-languageserver";
import type { Diagnostic } from "../diagnostics/index.js";
import { CONFIG_FILE_NAME, toRelativePosix } from "../engine/project/config.js";
import { findProjectRoot } from "../host/confine-path.js";
import type { Host } from "../host/host.js";
import { getFindingSubject } from "../lint/locate-finding.js";
import { isGlobalNode, isObject } from "../model/pathway.js";
import type { PathwayNode } from "../model/schema.js";
import { createLocator } from "../parse/index.js";
import { toLspRange } from "./navigation.js";
import type { PathwayFacts } from "./pathway-facts.js";

/** The document the actions are for, and the findings the client asked about. */
export interface CodeActionRequest {
  uri: string;
  file: string;
  text: string;
  facts?: PathwayFacts;
  diagnostics: readonly Diagnostic[];
}

/** What a suppression's reason says until the user writes theirs (the config refuses an empty reason). */
export const REASON_PLACEHOLDER = "TODO: say why this finding is accepted";

const VARIABLE_RULES = new Set(["undefined-variable", "maybe-unset-variable"]);

function quickFix(title: string, edit: WorkspaceEdit, diagnostic: Diagnostic): CodeAction {
  return {
    title,
    kind: CodeActionKind.QuickFix,
    edit,
    diagnostics: [{ range: toLspRange(diagnostic.range), message: diagnostic.message, code: diagnostic.ruleId, source: "pathway" }],
  };
}

/** The variable a variable finding is about: the `{{name}}` its range covers in the text (placed on the placeholder). */
function variableOf(text: string, d: Diagnostic): string | undefined {
  if (!d.range) return undefined;
  const lines = text.split("\n", d.range.start.line);
  const line = lines[d.range.start.line - 1] ?? "";
  return /^\{\{\s*([A-Za-z_][\w-]*)/.exec(line.slice(d.range.start.column - 1))?.[1];
}

/** A config file found for a fix: where, whether it is there, its line count and its value when it parses. */
interface ConfigFile {
  file: string;
  exists: boolean;
  lines: number;
  value?: Record<string, unknown>;
}

/** The nearest pathway.config.json above `file` (inside its project), or where a new one would go. */
async function findConfig(host: Host, file: string): Promise<ConfigFile> {
  const root = await findProjectRoot(host, file);
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, CONFIG_FILE_NAME);
    if ((await host.stat(candidate))?.kind === "file") {
      const text = await host.readFile(candidate).then(
        (b) => new TextDecoder().decode(b),
        () => undefined,
      );
      let value: unknown;
      try {
        value = text === undefined ? undefined : JSON.parse(text.replace(/^\uFEFF/, ""));
      } catch {
        value = undefined;
      }
      return { file: candidate, exists: true, lines: text?.split("\n").length ?? 0, ...(isObject(value) && { value }) };
    }
    if (dir === root || path.dirname(dir) === dir) return { file: path.join(root, CONFIG_FILE_NAME), exists: false, lines: 0, value: {} };
  }
}

/**
 * An edit that makes the config `next`: the whole file replaced (it is JSON the tool reads, written with 2-space
 * indents as `pathway fmt` writes JSON), or created when there is none. A config that does not parse gets no edit.
 */
function configEdit(config: ConfigFile, next: Record<string, unknown>): WorkspaceEdit {
  const uri = pathToFileURL(config.file).href;
  const text = `${JSON.stringify(next, null, 2)}\n`;
  const whole = { start: { line: 0, character: 0 }, end: { line: config.lines, character: 0 } };
  if (config.exists) return { changes: { [uri]: [{ range: whole, newText: text }] } };
  return {
    documentChanges: [
      { kind: "create", uri, options: { ignoreIfExists: true } },
      { textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: text }] },
    ],
  };
}

async function configFixes(host: Host, request: CodeActionRequest, d: Diagnostic): Promise<CodeAction[]> {
  const config = await findConfig(host, request.file);
  if (!config.value) return [];
  const shown = toRelativePosix(path.dirname(config.file), config.file) || CONFIG_FILE_NAME;
  const actions: CodeAction[] = [];
  const name = VARIABLE_RULES.has(d.ruleId) ? variableOf(request.text, d) : undefined;
  if (name !== undefined) {
    const variables = isObject(config.value.variables) ? config.value.variables : {};
    const requestData = Array.isArray(variables.requestData) ? variables.requestData : [];
    if (!requestData.includes(name)) {
      const next = { ...config.value, variables: { ...variables, requestData: [...requestData, name] } };
      actions.push(quickFix(`Add "${name}" to variables.requestData in ${shown}`, configEdit(config, next), d));
    }
  }
  const subject = request.facts ? getFindingSubject(request.facts.value, d.pointer) : {};
  const nodeId = "nodeId" in subject ? subject.nodeId : "edgeId" in subject ? subject.edgeId : undefined;
  const suppression = {
    file: toRelativePosix(path.dirname(config.file), request.file),
    ...(nodeId !== undefined && { nodeId }),
    rule: d.ruleId,
    reason: REASON_PLACEHOLDER,
  };
  const suppressions = Array.isArray(config.value.suppressions) ? config.value.suppressions : [];
  actions.push(
    quickFix(
      `Suppress ${d.ruleId}${nodeId !== undefined ? ` at ${nodeId}` : ""} in ${shown} (write the reason)`,
      configEdit(config, { ...config.value, suppressions: [...suppressions, suppression] }),
      d,
    ),
  );
  return actions;
}

/** `"isStart": true` in the one node no way leads into (no other node is certain to be the start). */
function addStart(request: CodeActionRequest, d: Diagnostic): CodeAction[] {
  const facts = request.facts;
  if (!facts) return [];
  const entered = new Set(facts.ways.map((w) => w.toIndex));
  const candidates = facts.nodes.filter((n) => !entered.has(n.index) && !isGlobalNode(facts.value.nodes[n.index] as PathwayNode));
  if (candidates.length !== 1 || !candidates[0]!.idRange) return [];
  const node = candidates[0]!;
  const data = (facts.value.nodes[node.index] as PathwayNode).data;
  if (!isObject(data)) return [];
  const dataRange = locateData(facts, node.index);
  if (!dataRange) return [];
  const empty = Object.keys(data).length === 0;
  const edit: TextEdit = { range: { start: dataRange, end: dataRange }, newText: empty ? `"isStart": true` : `"isStart": true, ` };
  return [quickFix(`Mark ${JSON.stringify(node.name)} (${node.id}) as the start node`, { changes: { [request.uri]: [edit] } }, d)];
}

/** The position just after the `{` of `/nodes/<i>/data` in the facts' text (the parse layer's locator places it). */
function locateData(facts: PathwayFacts, index: number): { line: number; character: number } | undefined {
  const range = createLocator(facts.text)(`/nodes/${index}/data`);
  return range && { line: range.start.line - 1, character: range.start.column };
}

/** The certain fixes for the findings asked about. */
export async function getCodeActions(host: Host, request: CodeActionRequest): Promise<CodeAction[]> {
  const actions: CodeAction[] = [];
  for (const d of request.diagnostics) {
    if (d.ruleId === "missing-start-node") actions.push(...addStart(request, d));
    if (d.pointer !== "" || VARIABLE_RULES.has(d.ruleId)) actions.push(...(await configFixes(host, request, d)));
  }
  return actions;
}
