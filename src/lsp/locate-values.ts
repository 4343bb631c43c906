// Places thousands of JSON pointers (and spans inside their strings) in one linear scan: the editor features need every node, edge and reference of a file at once.
import type { Range } from "../diagnostics/index.js";
import { lineStarts, positionAt } from "../parse/index.js";

/** A part of a decoded string value (UTF-16 offsets, end exclusive). */
export interface ValueSpan {
  start: number;
  end: number;
}

interface Frame {
  array: boolean;
  pointer: string;
  start: number;
  key: string;
  index: number;
  expectingKey: boolean;
}

const escapeKey = (key: string) => (key.includes("~") || key.includes("/") ? key.replace(/~/g, "~0").replace(/\//g, "~1") : key);

/** The key of a span's range in `locateValues`' result. */
export function toValueSpanKey(pointer: string, span: ValueSpan): string {
  return `${pointer}\u0000${span.start}:${span.end}`;
}

/** The end of the string starting at `start` (a quote): the offset after its closing quote. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
  }
  return text.length;
}

/** Raw offsets in the text of decoded offsets `wanted` inside the string whose opening quote is at `quote`. */
function rawOffsets(text: string, quote: number, end: number, wanted: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  const max = Math.max(...wanted);
  let decoded = 0;
  for (let i = quote + 1; i < end - 1 && decoded <= max; ) {
    out.set(decoded, i);
    if (text.charCodeAt(i) === 0x5c) i += text[i + 1] === "u" ? 6 : 2;
    else i++;
    decoded++;
  }
  if (!out.has(decoded)) out.set(decoded, end - 1);
  return out;
}

/**
 * Ranges (1-based, end exclusive) of the values at `pointers` in `text` (valid JSON), and of each span of `spans` inside
 * the string at its pointer, under `toValueSpanKey`. One pass, whatever the number of pointers; later duplicate keys win.
 */
export function locateValues(text: string, pointers: ReadonlySet<string>, spans: ReadonlyMap<string, readonly ValueSpan[]> = new Map()): Map<string, Range> {
  const starts = lineStarts(text);
  const out = new Map<string, Range>();
  const place = (key: string, from: number, to: number) => out.set(key, { start: positionAt(starts, from), end: positionAt(starts, to) });
  const stack: Frame[] = [];
  const valuePointer = () => {
    const top = stack[stack.length - 1];
    if (!top) return "";
    return top.array ? `${top.pointer}/${top.index}` : `${top.pointer}/${escapeKey(top.key)}`;
  };
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === 0x22) {
      const end = stringEnd(text, i);
      if (top && !top.array && top.expectingKey) {
        const raw = text.slice(i + 1, end - 1);
        top.key = raw.includes("\\") ? (JSON.parse(text.slice(i, end)) as string) : raw;
      } else {
        const pointer = valuePointer();
        if (pointers.has(pointer)) place(pointer, i, end);
        const wanted = spans.get(pointer);
        if (wanted && wanted.length > 0) {
          const raw = rawOffsets(
            text,
            i,
            end,
            wanted.flatMap((s) => [s.start, s.end]),
          );
          for (const s of wanted) {
            const from = raw.get(s.start);
            const to = raw.get(s.end);
            if (from !== undefined && to !== undefined) place(toValueSpanKey(pointer, s), from, to);
          }
        }
      }
      i = end;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      stack.push({ array: c === 0x5b, pointer: valuePointer(), start: i, key: "", index: 0, expectingKey: c === 0x7b });
    } else if (c === 0x7d || c === 0x5d) {
      const frame = stack.pop();
      if (frame && pointers.has(frame.pointer)) place(frame.pointer, frame.start, i + 1);
    } else if (c === 0x3a) {
      if (top && !top.array) top.expectingKey = false;
    } else if (c === 0x2c) {
      if (top && !top.array) top.expectingKey = true;
      else if (top) top.index++;
    } else if (c > 0x20) {
      let end = i + 1;
      while (end < text.length && !/[\s,:{}[\]"]/.test(text[end]!)) end++;
      const pointer = valuePointer();
      if (pointers.has(pointer)) place(pointer, i, end);
      i = end;
      continue;
    }
    i++;
  }
  return out;
}
