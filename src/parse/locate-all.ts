// Locates many JSON pointers in one pass over the text: linear in the text, unlike building a full syntax tree.
import { parsePointer, type Position, type Range, type StringSpan } from "../diagnostics/index.js";

/** Parts of string values to place: pointer -> spans in the decoded string. */
export type StringSpans = ReadonlyMap<string, readonly StringSpan[]>;

/** Options of `locateAll` and the locators built on it; all optional. */
export interface LocateOptions {
  /** The text has no duplicate keys, so reading can stop once every pointer is placed: no later key can override. */
  noDuplicateKeys?: boolean;
  /** Spans inside the strings at some of the pointers; each one's range is in the result under `toSpanKey`. */
  spans?: StringSpans;
}

/** The key of a span's range in `locateAll`'s result. */
export function toSpanKey(pointer: string, span: StringSpan): string {
  return `${pointer}\u0000${span.start}:${span.end}`;
}

/**
 * Offsets in `text` of decoded offsets (ascending) in the JSON string whose opening quote is at `quote`. One forward
 * walk over the string up to the last offset (never past it: a search for the next backslash could run to the end of
 * a large file for every string): an escape (`\n`, `\"`, `\uXXXX`) is one decoded unit but two or six in the text.
 */
function rawOffsets(text: string, quote: number, decoded: ArrayLike<number> & Iterable<number>): number[] {
  const result: number[] = [];
  let raw = quote + 1;
  let dec = 0;
  for (const target of decoded) {
    while (dec < target && raw < text.length) {
      raw += text.charCodeAt(raw) !== 92 ? 1 : text.charCodeAt(raw + 1) === 117 ? 6 : 2;
      dec++;
    }
    result.push(raw);
  }
  return result;
}

interface Trie {
  /** Shared and empty for a leaf: most nodes of the trie are leaves, and a map each would be thousands of allocations. */
  children: Map<string, Trie>;
  start: number;
  end: number;
  /** Some pointer ends exactly here. */
  wanted: boolean;
  /** Distinct pointers ending here or below: all are placed once this value is read, or found missing. */
  pending: number;
  /** The children named by array indexes, in index order (built when the value turns out to be an array). */
  elements?: { index: number; child: Trie }[];
}

/** The children an array value can have: those whose segment is an index (`0`, `17`; not `01` or `-1`). */
function elementsOf(node: Trie): { index: number; child: Trie }[] {
  node.elements ??= [...node.children]
    .filter(([segment]) => /^(0|[1-9]\d*)$/.test(segment))
    .map(([segment, child]) => ({ index: Number(segment), child }))
    .sort((a, b) => a.index - b.index);
  return node.elements;
}

const NO_CHILDREN: Map<string, Trie> = new Map();
const NO_ELEMENTS: readonly { index: number; child: Trie }[] = [];

function createTrie(): Trie {
  return { children: NO_CHILDREN, start: -1, end: -1, wanted: false, pending: 0 };
}

/** 1-based line and column of each offset, counting lines only up to the largest offset. */
function positionsAt(text: string, offsets: readonly number[]): Map<number, Position> {
  // A typed array sorts numerically without a comparator call per pair, and repeats are skipped in the walk instead of
  // going through a Set first: with a span per variable finding there are thousands of offsets.
  const sorted = Int32Array.from(offsets).sort();
  const result = new Map<number, Position>();
  let line = 1;
  let lineStart = 0;
  let nl = text.indexOf("\n");
  for (let k = 0; k < sorted.length; k++) {
    const offset = sorted[k]!;
    if (k > 0 && offset === sorted[k - 1]) continue;
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
 * With `noDuplicateKeys`, reading stops once every pointer is placed; without it the whole text is read, as a later key may win.
 */
export function locateAll(text: string, pointers: Iterable<string>, options: LocateOptions = {}): Map<string, Range | undefined> {
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
    const path = [root];
    for (const s of segments) {
      let next = node.children.get(s);
      if (!next) {
        next = createTrie();
        if (node.children === NO_CHILDREN) node.children = new Map();
        node.children.set(s, next);
      }
      node = next;
      path.push(node);
    }
    if (!node.wanted) {
      node.wanted = true;
      for (const p of path) p.pending++;
    }
  }
  const n = text.length;
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
  // The next occurrence of each character at or after the reading position. Reading only moves forward, so one not
  // yet passed is still the next: each is searched for again only once passed, never from scratch per value.
  let quote = -1;
  let openBrace = -1;
  let closeBrace = -1;
  let openBracket = -1;
  let closeBracket = -1;
  const find = (ch: string, from: number): number => {
    const at = text.indexOf(ch, from);
    return at < 0 ? n : at;
  };
  // Reads from `at`, inside an object (`brace`) or array, to just past its closing bracket. Brackets of the other kind
  // nest properly inside it, so only its own kind needs counting.
  const skipContainer = (at: number, brace: boolean): number => {
    let depth = 1;
    for (;;) {
      if (quote < at) quote = find('"', at);
      let open: number;
      let close: number;
      if (brace) {
        if (openBrace < at) openBrace = find("{", at);
        if (closeBrace < at) closeBrace = find("}", at);
        open = openBrace;
        close = closeBrace;
      } else {
        if (openBracket < at) openBracket = find("[", at);
        if (closeBracket < at) closeBracket = find("]", at);
        open = openBracket;
        close = closeBracket;
      }
      if (quote < open && quote < close) {
        at = skipString(quote);
      } else if (open < close) {
        depth++;
        at = open + 1;
      } else {
        if (close === n) return n;
        at = close + 1;
        if (--depth === 0) return at;
      }
    }
  };
  const skipValue = (i: number): number => {
    const c = text.charCodeAt(i);
    if (c === 34) return skipString(i);
    if (c === 123 || c === 91) return skipContainer(i + 1, c === 123);
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
  const stopEarly = options.noDuplicateKeys === true;
  // Pointers not yet placed, counted down only when no later duplicate key can move them.
  let pending = root.pending;
  // Recursion goes only as deep as the longest wanted pointer; skipped subtrees are scanned with loops.
  const visit = (i: number, node: Trie): number => {
    node.start = i;
    // A value read earlier under a duplicate key lost to this one: what was found inside it no longer counts.
    if (node.children.size > 0) for (const child of node.children.values()) child.start = -1;
    const c = text.charCodeAt(i);
    let end: number;
    if (node.children.size === 0 || (c !== 123 && c !== 91)) {
      end = skipValue(i);
    } else {
      const isObject = c === 123;
      let j = skipWs(i + 1);
      // Array elements are matched by walking the wanted indexes in order, not by a lookup per element.
      const elements = isObject ? NO_ELEMENTS : elementsOf(node);
      let index = 0;
      let nextElement = 0;
      // Pointers below this value not yet placed: once none is left, the rest of it needs no close reading.
      let unsettled = node.pending - (node.wanted ? 1 : 0);
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
            if (elements[nextElement]?.index === index) child = elements[nextElement++]!.child;
            index++;
          }
          if (child) {
            j = visit(j, child);
            if (pending === 0) return j;
            unsettled -= child.pending;
            if (stopEarly && unsettled === 0) {
              end = skipContainer(j, isObject);
              break;
            }
          } else {
            j = skipValue(j);
          }
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
    node.end = end;
    // Now this value's own pointer is placed, and so is every pointer through a child it lacks (at this value).
    if (stopEarly) {
      if (node.wanted) pending--;
      if (node.children.size > 0) for (const child of node.children.values()) if (child.start < 0) pending -= child.pending;
    }
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
  const placed: { key: string; start: number; end: number }[] = [];
  const offsets: number[] = [];
  for (const w of wanted) {
    let node = root;
    let found = root;
    let depth = 0;
    for (const s of w.segments) {
      const next = node.children.get(s);
      if (!next || next.start < 0) break;
      node = next;
      found = next;
      depth++;
    }
    resolved.push({ pointer: w.pointer, node: found });
    offsets.push(found.start, found.end);
    const spans = options.spans?.get(w.pointer);
    // Only a string found at exactly this pointer has the spans' characters; otherwise the value's range stands in.
    if (spans && depth === w.segments.length && node.start >= 0 && text.charCodeAt(node.start) === 34) {
      // Both ends of every span, sorted for one forward walk; a typed array and a linear lookup rather than a Set and
      // a Map per string: a string holds a few placeholders, and there is one such string per variable finding.
      const ends = new Int32Array(spans.length * 2);
      for (let k = 0; k < spans.length; k++) {
        ends[2 * k] = spans[k]!.start;
        ends[2 * k + 1] = spans[k]!.end;
      }
      ends.sort();
      const raw = rawOffsets(text, node.start, ends);
      const rawAt = (decoded: number): number => Math.min(raw[ends.indexOf(decoded)]!, node.end - 1);
      for (const span of spans) {
        const start = rawAt(span.start);
        const end = rawAt(span.end);
        placed.push({ key: toSpanKey(w.pointer, span), start, end });
        offsets.push(start, end);
      }
    }
  }
  const positions = positionsAt(text, offsets);
  for (const { pointer, node } of resolved) result.set(pointer, { start: positions.get(node.start)!, end: positions.get(node.end)! });
  for (const { key, start, end } of placed) result.set(key, { start: positions.get(start)!, end: positions.get(end)! });
  return result;
}
