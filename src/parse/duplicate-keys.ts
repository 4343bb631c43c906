// Finds keys that appear twice in one object: JSON.parse silently keeps the last, so the first value would be lost.
import type { AnyNode } from "@humanwhocodes/momoa";
import { loadParseTree } from "./momoa.js";
import { escapeToken, type Diagnostic } from "../diagnostics/index.js";

/**
 * Colons right after a string's unescaped closing quote (and optional whitespace): every member's colon, plus any colon
 * that opens a string's content (`": x"`), never fewer than the members. One native search per colon, no string walk.
 */
export function countKeyColons(text: string): number {
  let count = 0;
  for (let colon = text.indexOf(":"); colon >= 0; colon = text.indexOf(":", colon + 1)) {
    let i = colon - 1;
    let c = text.charCodeAt(i);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(--i);
    if (c !== 34) continue;
    let slashes = 0;
    while (text.charCodeAt(i - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) count++;
  }
  return count;
}

/** Members (key: value pairs) in the text: the colons outside strings, found with native searches only. */
export function countMembers(text: string): number {
  let count = 0;
  let quote = text.indexOf('"');
  let colon = text.indexOf(":");
  while (colon >= 0) {
    if (quote < 0 || colon < quote) {
      count++;
      colon = text.indexOf(":", colon + 1);
      continue;
    }
    // Skip the string that opens at `quote`; a colon inside it is text, not structure.
    let close = text.indexOf('"', quote + 1);
    for (;;) {
      if (close < 0) return count;
      let slashes = 0;
      while (text.charCodeAt(close - 1 - slashes) === 92) slashes++;
      if (slashes % 2 === 0) break;
      close = text.indexOf('"', close + 1);
    }
    quote = text.indexOf('"', close + 1);
    if (colon < close) colon = text.indexOf(":", close + 1);
  }
  return count;
}

/** True while no enumerable property was added to Object.prototype, so `for...in` sees only an object's own keys. */
function prototypeIsClean(): boolean {
  for (const _ in {}) return false;
  return true;
}

/** Own keys of every object in a parsed value, counted without recursion (values may nest 100,000 deep). */
export function countKeys(value: unknown): number {
  let count = 0;
  // Only containers go on the stack: most values are strings and numbers, with nothing inside to count.
  const stack: object[] = typeof value === "object" && value !== null ? [value] : [];
  const push = (item: unknown) => {
    if (typeof item === "object" && item !== null) stack.push(item);
  };
  // for...in walks a fresh object several times faster than Object.keys or Object.values, which build an array each.
  const forIn = prototypeIsClean();
  while (stack.length) {
    const v = stack.pop() as Record<string, unknown>;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) push(v[i]);
    } else if (forIn) {
      for (const key in v) {
        count++;
        push(v[key]);
      }
    } else {
      const keys = Object.keys(v);
      count += keys.length;
      for (const key of keys) push(v[key]);
    }
  }
  return count;
}

/** Duplicate-key findings, and whether the text is proven to have no duplicate key at all. */
export interface DuplicateKeys {
  diagnostics: Diagnostic[];
  /** No key repeats within any object, so no later key overrides an earlier one. False when that is unknown. */
  noDuplicateKeys: boolean;
}

/**
 * A warning for every key repeated within one object. JSON.parse keeps one key per name, so the value has fewer keys
 * than the text has members exactly when a key repeats. The cheap checks compare the two on every file: first against
 * an over-count of members (a match still proves no repeats), then against the exact count. Only a file that fails
 * both is read again with a position-aware parser to name each repeat. `knownKeys` is countKeys(value) when the
 * caller has it.
 */
export function findDuplicateKeys(text: string, value: unknown, knownKeys?: number): DuplicateKeys {
  // The walk that checked the nesting counted the keys (parse-json.ts): a second walk would cost as much again. It
  // counts with for...in, which also sees keys added to Object.prototype: then countKeys counts own keys only.
  const keys = knownKeys !== undefined && prototypeIsClean() ? knownKeys : countKeys(value);
  if (countKeyColons(text) === keys || countMembers(text) === keys) return { diagnostics: [], noDuplicateKeys: true };
  const parseTree = loadParseTree();
  let root: AnyNode;
  try {
    root = parseTree(text, { mode: "json" }).body;
  } catch {
    return { diagnostics: [], noDuplicateKeys: false };
  }
  const found: Diagnostic[] = [];
  const stack: { node: AnyNode; pointer: string }[] = [{ node: root, pointer: "" }];
  while (stack.length) {
    const { node, pointer } = stack.pop()!;
    if (node.type === "Array") node.elements.forEach((e, i) => stack.push({ node: e.value, pointer: `${pointer}/${i}` }));
    if (node.type !== "Object") continue;
    const seen = new Set<string>();
    for (const member of node.members) {
      const key = member.name.type === "String" ? member.name.value : member.name.name;
      const at = `${pointer}/${escapeToken(key)}`;
      if (seen.has(key)) {
        const { start, end } = member.name.loc;
        found.push({
          ruleId: "duplicate-key",
          severity: "warning",
          message: `Key ${JSON.stringify(key)} appears more than once in this object; JSON readers keep only the last value, so the earlier one is lost. Remove or rename one of them.`,
          pointer: at,
          range: { start: { line: start.line, column: start.column }, end: { line: end.line, column: end.column } },
        });
      }
      seen.add(key);
      stack.push({ node: member.value, pointer: at });
    }
  }
  return { diagnostics: found, noDuplicateKeys: found.length === 0 };
}
