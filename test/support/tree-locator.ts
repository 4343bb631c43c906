// A second, independent locator for tests: walks the syntax tree of a real JSON parser (momoa) to find a pointer.
import { parse as parseTree, type AnyNode, type DocumentNode } from "@humanwhocodes/momoa";
import { parsePointer, type Range } from "../../src/diagnostics/index.js";

/** Finds where a pointer's value sits in the text. */
export type Locator = (pointer: string) => Range | undefined;

type Loc = { start: { line: number; column: number }; end: { line: number; column: number } };

function toRange(loc: Loc | undefined): Range | undefined {
  return loc && { start: { line: loc.start.line, column: loc.start.column }, end: { line: loc.end.line, column: loc.end.column } };
}

/**
 * A locator over `text` (which must be valid JSON). The tree is parsed on the first lookup, so a file without
 * findings never pays for it. A pointer that goes past what exists resolves to its deepest existing ancestor.
 */
export function createTreeLocator(text: string): Locator {
  let doc: DocumentNode | null | undefined;
  return (pointer) => {
    if (doc === undefined) {
      try {
        doc = parseTree(text, { mode: "json" });
      } catch {
        // Nesting too deep for a recursive parser: findings keep their pointer but lose their place.
        doc = null;
      }
    }
    if (!doc) return undefined;
    let node: AnyNode = doc.body;
    for (const segment of parsePointer(pointer)) {
      let next: AnyNode | undefined;
      if (node.type === "Object") {
        // JSON.parse keeps the last of duplicate keys, so the locator does too.
        for (let i = node.members.length - 1; i >= 0; i--) {
          const member = node.members[i]!;
          if (member.name.type === "String" ? member.name.value === segment : false) {
            next = member.value;
            break;
          }
        }
      } else if (node.type === "Array" && /^(0|[1-9]\d*)$/.test(segment)) {
        next = node.elements[Number(segment)]?.value;
      }
      if (!next) break;
      node = next;
    }
    return toRange(node.loc as Loc);
  };
}
