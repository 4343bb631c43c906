// `pathway fmt` as a pure function: a document's bytes in, its canonical text (or why it cannot be formatted) out.
import { parsePointer, toPointer, type Diagnostic } from "../diagnostics/index.js";
import { toCanonicalJson } from "../model/canonical.js";
import { lineStarts, parseDocument, positionAt } from "../parse/index.js";

/** What formatting one document gives. */
export interface FormatDocumentResult {
  /** The canonical text; absent when the document cannot be formatted. */
  text?: string;
  /** True when `text` differs from the input (byte for byte). */
  changed: boolean;
  /** Why the document cannot be formatted: parse diagnostics, or a value JSON text cannot carry exactly. */
  diagnostics: Diagnostic[];
}

/** A number token in the source text and the pointer of the value it spells. */
interface NumberToken {
  start: number;
  end: number;
  pointer: string;
}

interface Container {
  isObject: boolean;
  /** Offsets of the current member's key (quotes included); -1 before the first key. */
  keyStart: number;
  keyEnd: number;
  expectKey: boolean;
  index: number;
}

/** The offset just past the string starting at `i` (a quote). */
function skipString(text: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q < 0) return text.length;
    let b = q - 1;
    while (text.charCodeAt(b) === 92) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    from = q + 1;
  }
}

function isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46 || c === 69 || c === 101;
}

/**
 * Calls `check` for each number token in `text` (valid JSON). A loop with an explicit stack, not recursion, so any
 * nesting depth JSON.parse accepted is walked without overflowing the call stack. The pointer is built only on demand.
 */
function scanNumbers(text: string, check: (start: number, end: number, pointer: () => string) => void): void {
  const stack: Container[] = [];
  const pointer = () =>
    toPointer(
      stack.map((c) => {
        if (!c.isObject) return c.index;
        const raw = text.slice(c.keyStart, c.keyEnd);
        return raw.includes("\\") ? (JSON.parse(raw) as string) : raw.slice(1, -1);
      }),
    );
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const end = skipString(text, i);
      const top = stack[stack.length - 1];
      if (top?.isObject && top.expectKey) {
        top.keyStart = i;
        top.keyEnd = end;
        top.expectKey = false;
      }
      i = end;
    } else if (c === 123 || c === 91) {
      stack.push({ isObject: c === 123, keyStart: -1, keyEnd: -1, expectKey: c === 123, index: 0 });
      i++;
    } else if (c === 125 || c === 93) {
      stack.pop();
      i++;
    } else if (c === 44) {
      const top = stack[stack.length - 1]!;
      if (top.isObject) top.expectKey = true;
      else top.index++;
      i++;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let j = i + 1;
      while (j < n && isNumberChar(text.charCodeAt(j))) j++;
      check(i, j, pointer);
      i = j;
    } else {
      i++;
    }
  }
}

/** A number's exact decimal value as sign, significant digits and exponent, so `1.0`, `1e0` and `1` compare equal; zero keeps its sign. */
function exactDecimal(token: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(token);
  if (!m) return token;
  const fraction = m[3] ?? "";
  const digits = (m[2]! + fraction).replace(/^0+/, "");
  if (digits === "") return `${m[1]}0`;
  const significant = digits.replace(/0+$/, "");
  const exponent = BigInt(m[4] ?? 0) - BigInt(fraction.length) + BigInt(digits.length - significant.length);
  return `${m[1]}${significant}e${exponent}`;
}

/** Number tokens whose value would change when written back (as JSON.stringify writes the parsed number). */
function findChangedNumbers(text: string): { token: NumberToken; written: string | undefined }[] {
  const found: { token: NumberToken; written: string | undefined }[] = [];
  scanNumbers(text, (start, end, pointer) => {
    const token = text.slice(start, end);
    const value = Number(token);
    if (!Number.isFinite(value)) {
      found.push({ token: { start, end, pointer: pointer() }, written: undefined });
      return;
    }
    const written = JSON.stringify(value);
    if (written !== token && exactDecimal(written) !== exactDecimal(token)) found.push({ token: { start, end, pointer: pointer() }, written });
  });
  return found;
}

function numberDiagnostics(text: string, changed: ReturnType<typeof findChangedNumbers>): Diagnostic[] {
  const starts = lineStarts(text);
  return changed.map(({ token, written }) => {
    const spelled = text.slice(token.start, token.end);
    const range = { start: positionAt(starts, token.start), end: positionAt(starts, token.end) };
    if (written === undefined) {
      return {
        ruleId: "number-out-of-range",
        severity: "error" as const,
        message: `The number ${spelled} is too large for a 64-bit float, so rewriting the file would change it; write it as a string or a smaller number.`,
        pointer: token.pointer,
        range,
      };
    }
    const message = Object.is(Number(spelled), -0)
      ? `The number ${spelled} would be rewritten as 0, losing the sign of zero; write 0, or a string if the sign matters.`
      : `The number ${spelled} would be rewritten as ${written}, a different value (a 64-bit float cannot hold it exactly); write it as a string, or as ${written} if that is close enough.`;
    return {
      ruleId: "number-not-exact",
      severity: "error" as const,
      message,
      pointer: token.pointer,
      range,
    };
  });
}

/** The key a duplicate-key diagnostic is about: the last segment of its pointer. */
function duplicateKeyName(diagnostic: Diagnostic): string | undefined {
  try {
    return parsePointer(diagnostic.pointer).pop();
  } catch {
    return undefined;
  }
}

/**
 * The duplicate-key findings of a parse as errors: JSON.parse keeps the last of two equal keys, so any tool that
 * rewrites the value (fmt, import) would silently drop the first. `command` names the tool to run again after the fix.
 */
export function toDuplicateKeyErrors(diagnostics: readonly Diagnostic[], command: string): Diagnostic[] {
  return diagnostics
    .filter((d) => d.ruleId === "duplicate-key")
    .map((d) => {
      const key = duplicateKeyName(d);
      return {
        ...d,
        severity: "error" as const,
        message: `${key === undefined ? "A key" : `The key ${JSON.stringify(key)}`} appears twice in the same object, so rewriting the file would drop the first value; remove one of the two, then run ${command} again.`,
      };
    });
}

/**
 * Formats a pathway document canonically (see docs/typescript.md, "Canonical form"). The JSON value is kept; only whitespace, key
 * order and number/string spelling change. Idempotent: formatting the result again changes nothing. Refuses (with
 * diagnostics) documents it cannot rewrite without changing a value: duplicate keys, numbers a float cannot hold.
 */
export function formatPathwayDocument(input: string | Uint8Array): FormatDocumentResult {
  const parsed = parseDocument(input);
  if (!parsed.ok) return { changed: false, diagnostics: parsed.diagnostics.filter((d) => d.severity === "error") };
  // JSON.parse keeps the last of two equal keys, so writing the value back would silently drop the first.
  const duplicates = toDuplicateKeyErrors(parsed.diagnostics, "fmt");
  if (duplicates.length > 0) return { changed: false, diagnostics: duplicates };
  const text = parsed.text ?? (typeof input === "string" ? input : Buffer.from(input).toString("utf8"));
  const changedNumbers = findChangedNumbers(text);
  if (changedNumbers.length > 0) return { changed: false, diagnostics: numberDiagnostics(text, changedNumbers) };
  let canonical: string;
  try {
    canonical = toCanonicalJson(parsed.value);
  } catch (error) {
    return { changed: false, diagnostics: [{ ruleId: "too-deep", severity: "error", message: (error as Error).message, pointer: "" }] };
  }
  const changed = typeof input === "string" ? input !== canonical : !Buffer.from(canonical, "utf8").equals(Buffer.from(input));
  return { text: canonical, changed, diagnostics: [] };
}
