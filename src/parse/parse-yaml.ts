// YAML text to a value with a pointer->range source map, in the same shape as the JSON parser's result.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import type { Diagnostic, Range } from "../diagnostics/index.js";
import { parsePointer, toPointer } from "../diagnostics/index.js";
import { findDeepNesting, toNestingDiagnostic } from "./nesting.js";
import type { ParseResult } from "./parse-json.js";
import type { Locator } from "./source-map.js";
import { expandsBeyond, findDeepYamlNesting, MAX_ALIAS_EXPANSION } from "./yaml-limits.js";

function toRange(lines: LineCounter, range: readonly number[]): Range {
  const start = lines.linePos(range[0]!);
  const end = lines.linePos(range[1] ?? range[0]!);
  return { start: { line: start.line, column: start.col }, end: { line: end.line, column: end.col } };
}

/** The node at `pointer`, or its deepest existing ancestor (as the JSON locator does), and the key it is written under. */
function nodeAt(root: unknown, pointer: string): { node: Node | undefined; key?: Node } {
  let node = root as Node | undefined;
  let key: Node | undefined;
  for (const token of parsePointer(pointer)) {
    let next: unknown;
    let nextKey: Node | undefined;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === token);
      next = pair?.value;
      nextKey = pair?.key as Node | undefined;
    } else if (isSeq(node)) next = /^\d+$/.test(token) ? node.items[Number(token)] : undefined;
    if (!next || !(next as Node).range) break;
    node = next as Node;
    key = nextKey;
  }
  return { node, ...(key && { key }) };
}

/** A YAML parse result with two more views of the document, for readers that convert it into another shape. */
export interface YamlParseResult extends ParseResult {
  /**
   * Where the entry at a pointer is written: from its key to the end of its value when it is a mapping's member (so a
   * node of a mapping of nodes is placed on its name's line), else its value, as `locate`.
   */
  locateEntry?: Locator;
  /** The keys of the mapping at a pointer in the order the text writes them (JavaScript objects put integer-like keys first). */
  writtenKeys?: (pointer: string) => string[];
}

/**
 * A `duplicate-key` warning for every key a YAML mapping repeats, as the JSON parser gives: the document is read with
 * uniqueKeys off (so it still loads), and without this the earlier value would be lost without a word.
 */
function findDuplicateYamlKeys(root: unknown, lines: LineCounter): Diagnostic[] {
  const found: Diagnostic[] = [];
  const walk = (node: unknown, at: (string | number)[]) => {
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        if (seen.has(key)) {
          found.push({
            ruleId: "duplicate-key",
            severity: "warning",
            message: `Key ${JSON.stringify(key)} appears more than once in this mapping; YAML readers keep only the last value, so the earlier one is lost. Remove or rename one of them.`,
            pointer: toPointer([...at, key]),
            ...(pair.key.range && { range: toRange(lines, pair.key.range) }),
          });
        }
        seen.add(key);
        walk(pair.value, [...at, key]);
      }
    } else if (isSeq(node)) node.items.forEach((item, i) => walk(item, [...at, i]));
  };
  walk(root, []);
  return found;
}

/** Why a YAML document that parsed could still not be turned into a value (aliases expanding too far, mostly). */
export function yamlExpansionError(error: unknown): Diagnostic {
  const reason = error instanceof Error ? error.message.split("\n")[0]!.replace(/\.$/, "") : String(error);
  return {
    ruleId: "parse-error",
    severity: "error",
    message: /alias count/i.test(reason)
      ? `The YAML cannot be expanded (${reason}): its aliases (*name) repeat too much; write the values out or use fewer aliases.`
      : `The YAML cannot be read (${reason}); fix the YAML syntax.`,
    pointer: "",
  };
}

function failed(diagnostic: Diagnostic): ParseResult {
  return { ok: false, diagnostics: [diagnostic], locate: () => undefined, locateMany: () => new Map() };
}

/** The nesting-depth error when the reader gave up because the data nests too deep (its call stack ran out), else undefined. */
function tooDeep(text: string, lines: LineCounter, reason: string): ParseResult | undefined {
  if (!/call stack/i.test(reason)) return undefined;
  const deep = findDeepYamlNesting(text);
  return deep ? failed(toNestingDiagnostic(deep, () => toRange(lines, [deep.offset]))) : undefined;
}

/**
 * Parses YAML text (one document; JSON is YAML too). Never throws on bad input. `<<` merge keys are merged as YAML 1.1
 * defines them (what the configuration files that use them expect); data nested deeper than JSON may be is refused
 * with the same `nesting-depth` error; aliases may repeat freely until they expand past `MAX_ALIAS_EXPANSION` values.
 */
export function parseYaml(text: string): YamlParseResult {
  const lines = new LineCounter();
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false, merge: true });
  } catch (error) {
    return tooDeep(text, lines, String(error)) ?? failed(yamlExpansionError(error));
  }
  const locate = (pointer: string) => {
    const { node } = nodeAt(doc.contents, pointer);
    return node?.range ? toRange(lines, node.range) : undefined;
  };
  const locateEntry = (pointer: string) => {
    const { node, key } = nodeAt(doc.contents, pointer);
    if (!node?.range) return undefined;
    return key?.range && (isMap(node) || isSeq(node)) ? toRange(lines, [key.range[0], node.range[1]]) : toRange(lines, node.range);
  };
  const writtenKeys = (pointer: string) => {
    const { node } = nodeAt(doc.contents, pointer);
    return isMap(node) ? node.items.flatMap((p) => (isPair(p) && isScalar(p.key) ? [String(p.key.value)] : [])) : [];
  };
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const deep = tooDeep(text, lines, e.message);
    if (deep) return deep;
    return failed({
      ruleId: "parse-error",
      severity: "error",
      message: `${e.message.split("\n")[0]!.replace(/\.$/, "")}; fix the YAML syntax here.`,
      pointer: "",
      range: toRange(lines, e.pos),
    });
  }
  let value: unknown;
  try {
    // Alias counting is left to the walk below: the reader's own count refuses 150 rows sharing one anchor.
    value = doc.toJS({ maxAliasCount: -1 });
  } catch (error) {
    // toJS throws for an alias to an anchor not yet defined.
    return tooDeep(text, lines, String(error)) ?? failed(yamlExpansionError(error));
  }
  // toJS shares one object per anchor, but every reader after it walks each alias in full (and a self-alias is a cycle).
  if (text.includes("*") && expandsBeyond(value, MAX_ALIAS_EXPANSION + text.length)) {
    return failed(yamlExpansionError(new Error(`Excessive alias count: the aliases expand to more than ${MAX_ALIAS_EXPANSION + text.length} values`)));
  }
  const deep = findDeepNesting(value);
  if (deep) return failed(toNestingDiagnostic(deep, locate));
  return {
    ok: true,
    value,
    diagnostics: findDuplicateYamlKeys(doc.contents, lines),
    locate,
    locateMany: (pointers) => new Map([...pointers].map((p) => [p, locate(p)])),
    locateEntry,
    writtenKeys,
  };
}
