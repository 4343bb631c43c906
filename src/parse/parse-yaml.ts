// YAML text to a value with a pointer->range source map, in the same shape as the JSON parser's result.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import type { Diagnostic, Range } from "../diagnostics/index.js";
import { parsePointer, toPointer } from "../diagnostics/index.js";
import type { ParseResult } from "./parse-json.js";

function toRange(lines: LineCounter, range: readonly number[]): Range {
  const start = lines.linePos(range[0]!);
  const end = lines.linePos(range[1] ?? range[0]!);
  return { start: { line: start.line, column: start.col }, end: { line: end.line, column: end.col } };
}

/** The node at `pointer`, or its deepest existing ancestor (as the JSON locator does). */
function nodeAt(root: unknown, pointer: string): Node | undefined {
  let node = root as Node | undefined;
  for (const token of parsePointer(pointer)) {
    let next: unknown;
    if (isMap(node)) next = node.items.find((pair) => isPair(pair) && isScalar(pair.key) && String(pair.key.value) === token)?.value;
    else if (isSeq(node)) next = /^\d+$/.test(token) ? node.items[Number(token)] : undefined;
    if (!next || !(next as Node).range) break;
    node = next as Node;
  }
  return node;
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

/** Parses YAML text (one document; JSON is YAML too). Never throws on bad input. */
export function parseYaml(text: string): ParseResult {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false });
  const locate = (pointer: string) => {
    const node = nodeAt(doc.contents, pointer);
    return node?.range ? toRange(lines, node.range) : undefined;
  };
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const diagnostic: Diagnostic = {
      ruleId: "parse-error",
      severity: "error",
      message: `${e.message.split("\n")[0]!.replace(/\.$/, "")}; fix the YAML syntax here.`,
      pointer: "",
      range: toRange(lines, e.pos),
    };
    return { ok: false, diagnostics: [diagnostic], locate: () => undefined, locateMany: () => new Map() };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // toJS throws for an alias bomb ("billion laughs") and for an alias to an anchor not yet defined.
    return { ok: false, diagnostics: [yamlExpansionError(error)], locate: () => undefined, locateMany: () => new Map() };
  }
  return {
    ok: true,
    value,
    diagnostics: findDuplicateYamlKeys(doc.contents, lines),
    locate,
    locateMany: (pointers) => new Map([...pointers].map((p) => [p, locate(p)])),
  };
}
