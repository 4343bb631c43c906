// Finds keys that appear twice in one object: JSON.parse silently keeps the last, so the first value would be lost.
import { parse as parseTree, type AnyNode } from "@humanwhocodes/momoa";
import { escapeToken, type Diagnostic } from "../diagnostics/index.js";

/** Members (key: value pairs) in the text: the colons outside strings, found with native searches only. */
function countMembers(text: string): number {
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

/** Own keys of every object in a parsed value, counted without recursion (values may nest 100,000 deep). */
function countKeys(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else {
      const keys = Object.keys(v);
      count += keys.length;
      for (const k of keys) stack.push((v as Record<string, unknown>)[k]);
    }
  }
  return count;
}

/**
 * A warning for every key repeated within one object. The cheap check (members in the text against keys in the value)
 * runs on every file; only a file that fails it is read again with a position-aware parser to name each repeat.
 */
export function findDuplicateKeys(text: string, value: unknown): Diagnostic[] {
  if (countMembers(text) === countKeys(value)) return [];
  let root: AnyNode;
  try {
    root = parseTree(text, { mode: "json" }).body;
  } catch {
    return [];
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
  return found;
}
