// Where an editor position is in JSON text: the path of the key or value under the cursor, read by one forward scan that also works on text being typed.

/** One step of a JSON path: an object key or an array index. */
export type PathStep = string | number;

/** The token under an offset: a key, or a value (string or other scalar), with its path and its offsets in the text. */
export interface JsonToken {
  /** Path of the value (for a key: of the value the key names). */
  path: PathStep[];
  kind: "key" | "string" | "scalar";
  /** Offsets of the token in the text, end exclusive (quotes included for strings). */
  start: number;
  end: number;
  /** The decoded string for keys and strings; undefined when its escapes do not decode yet. */
  text?: string;
}

interface Frame {
  kind: "object" | "array";
  /** The key being read or last read (object), or the index of the current element (array). */
  key: string | undefined;
  index: number;
  expectingKey: boolean;
}

/** Scan limit: past this many characters the cursor's path is not looked for (hover and completion simply say nothing). */
export const MAX_SCAN_CHARS = 32 * 1024 * 1024;

function decodeString(raw: string): string | undefined {
  try {
    return JSON.parse(raw) as string;
  } catch {
    return undefined;
  }
}

function pathOf(stack: readonly Frame[]): PathStep[] {
  return stack.map((f) => (f.kind === "array" ? f.index : (f.key ?? "")));
}

/** The end of the string token that starts at `start` (a quote): the offset after its closing quote, or the line's end while it is being typed. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
    else if (c === 0x0a) return i;
  }
  return text.length;
}

/**
 * The key or value at `offset` in `text`, or undefined (whitespace, punctuation, past MAX_SCAN_CHARS). Tolerates
 * unfinished text: an unclosed string ends at its line, and missing commas or brackets only blur the path.
 */
export function getTokenAt(text: string, offset: number): JsonToken | undefined {
  if (offset > MAX_SCAN_CHARS) return undefined;
  const stack: Frame[] = [];
  const top = () => stack[stack.length - 1];
  let i = 0;
  while (i < text.length && i <= offset) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      const frame = top();
      const isKey = frame?.kind === "object" && frame.expectingKey;
      const decoded = decodeString(text.slice(i, end));
      if (isKey) frame.key = decoded ?? text.slice(i + 1, end - 1);
      if (offset >= i && offset < end)
        return { path: pathOf(stack), kind: isKey ? "key" : "string", start: i, end, ...(decoded !== undefined && { text: decoded }) };
      i = end;
      continue;
    }
    if (c === "{" || c === "[") {
      stack.push({ kind: c === "{" ? "object" : "array", key: undefined, index: 0, expectingKey: c === "{" });
    } else if (c === "}" || c === "]") {
      stack.pop();
    } else if (c === ":") {
      const frame = top();
      if (frame?.kind === "object") frame.expectingKey = false;
    } else if (c === ",") {
      const frame = top();
      if (frame?.kind === "object") {
        frame.expectingKey = true;
        frame.key = undefined;
      } else if (frame) frame.index++;
    } else if (!/\s/.test(c)) {
      let end = i;
      while (end < text.length && !/[\s,:{}[\]"]/.test(text[end]!)) end++;
      if (offset >= i && offset < end) return { path: pathOf(stack), kind: "scalar", start: i, end };
      i = end;
      continue;
    }
    i++;
  }
  return undefined;
}

/** RFC 6901 pointer of a path. */
export function toPointer(path: readonly PathStep[]): string {
  return path.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/** The steps of an RFC 6901 pointer (numbers stay strings: callers compare with String()). */
export function fromPointer(pointer: string): string[] {
  return pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}
