// Locates many JSON pointers in one pass over the text: linear in the text, unlike building a full syntax tree.
import { parsePointer, type Position, type Range } from "../diagnostics/index.js";

interface Trie {
  children: Map<string, Trie>;
  start: number;
  end: number;
}

function createTrie(): Trie {
  return { children: new Map(), start: -1, end: -1 };
}

/** 1-based line and column of each offset, counting lines only up to the largest offset. */
function positionsAt(text: string, offsets: readonly number[]): Map<number, Position> {
  const sorted = [...new Set(offsets)].sort((a, b) => a - b);
  const result = new Map<number, Position>();
  let line = 1;
  let lineStart = 0;
  let nl = text.indexOf("\n");
  for (const offset of sorted) {
    while (nl !== -1 && nl < offset) {
      line++;
      lineStart = nl + 1;
      nl = text.indexOf("\n", nl + 1);
    }
    result.set(offset, { line, column: offset - lineStart + 1 });
  }
  return result;
}

/**
 * The range of each pointer's value in `text` (which must be valid JSON, as JSON.parse accepted it).
 * A pointer that goes past what exists resolves to its deepest existing ancestor, and of duplicate keys the last wins.
 * Only the parts of the text on the way to a wanted value are looked at closely; the rest is skipped with native searches.
 */
export function locateAll(text: string, pointers: Iterable<string>): Map<string, Range | undefined> {
  const root = createTrie();
  const wanted: { pointer: string; segments: string[] }[] = [];
  for (const pointer of pointers) {
    let segments: string[];
    try {
      segments = parsePointer(pointer);
    } catch {
      continue;
    }
    wanted.push({ pointer, segments });
    let node = root;
    for (const s of segments) {
      let next = node.children.get(s);
      if (!next) {
        next = createTrie();
        node.children.set(s, next);
      }
      node = next;
    }
  }
  const n = text.length;
  const structural = /["{}[\]]/g;
  const skipWs = (i: number): number => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
    return i;
  };
  const skipString = (i: number): number => {
    let from = i + 1;
    for (;;) {
      const q = text.indexOf('"', from);
      if (q < 0) return n;
      let b = q - 1;
      let slashes = 0;
      while (text.charCodeAt(b) === 92) {
        slashes++;
        b--;
      }
      if (slashes % 2 === 0) return q + 1;
      from = q + 1;
    }
  };
  const skipValue = (i: number): number => {
    const c = text.charCodeAt(i);
    if (c === 34) return skipString(i);
    if (c === 123 || c === 91) {
      // Jump from one structural character to the next with a native regex search instead of reading every character.
      let depth = 1;
      structural.lastIndex = i + 1;
      while (depth > 0) {
        const m = structural.exec(text);
        if (!m) return n;
        const d = text.charCodeAt(m.index);
        if (d === 34) {
          structural.lastIndex = skipString(m.index);
          continue;
        }
        if (d === 123 || d === 91) depth++;
        else depth--;
      }
      return structural.lastIndex;
    }
    let j = i;
    while (j < n) {
      const d = text.charCodeAt(j);
      if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
      j++;
    }
    return j;
  };
  const readKey = (i: number, end: number): string => {
    const raw = text.slice(i + 1, end - 1);
    return raw.includes("\\") ? (JSON.parse(text.slice(i, end)) as string) : raw;
  };
  // Recursion goes only as deep as the longest wanted pointer; skipped subtrees are scanned with loops.
  const visit = (i: number, node: Trie): number => {
    node.start = i;
    const c = text.charCodeAt(i);
    let end: number;
    if (node.children.size === 0 || (c !== 123 && c !== 91)) {
      end = skipValue(i);
    } else {
      const isObject = c === 123;
      let j = skipWs(i + 1);
      let index = 0;
      if (text.charCodeAt(j) === (isObject ? 125 : 93)) {
        end = j + 1;
      } else {
        for (;;) {
          let child: Trie | undefined;
          if (isObject) {
            const keyEnd = skipString(j);
            child = node.children.get(readKey(j, keyEnd));
            j = skipWs(keyEnd) + 1;
            j = skipWs(j);
          } else {
            child = node.children.get(String(index++));
          }
          j = child ? visit(j, child) : skipValue(j);
          j = skipWs(j);
          if (text.charCodeAt(j) === 44) {
            j = skipWs(j + 1);
            continue;
          }
          end = j + 1;
          break;
        }
      }
    }
    // The whole text is read even after every pointer is found: a later duplicate key wins, as in JSON.parse.
    node.end = end;
    return end;
  };
  const result = new Map<string, Range | undefined>();
  if (wanted.length === 0) return result;
  const start = skipWs(0);
  if (start >= n) {
    for (const w of wanted) result.set(w.pointer, undefined);
    return result;
  }
  visit(start, root);
  const resolved: { pointer: string; node: Trie }[] = [];
  const offsets: number[] = [];
  for (const w of wanted) {
    let node = root;
    let found = root;
    for (const s of w.segments) {
      const next = node.children.get(s);
      if (!next || next.start < 0) break;
      node = next;
      found = next;
    }
    resolved.push({ pointer: w.pointer, node: found });
    offsets.push(found.start, found.end);
  }
  const positions = positionsAt(text, offsets);
  for (const { pointer, node } of resolved) result.set(pointer, { start: positions.get(node.start)!, end: positions.get(node.end)! });
  return result;
}
