// Bytes to text: strict UTF-8, with the byte-order mark and bad bytes reported instead of silently replaced.
import type { Diagnostic, TextFix } from "../diagnostics/index.js";
import { lineStarts, positionAt } from "./position.js";

/** The text of a file, or the reason it has none. */
export interface DecodeResult {
  text?: string;
  diagnostics: Diagnostic[];
}

const fatalDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Offset of the first byte that does not start a well-formed UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // Lead byte ranges and second-byte limits from RFC 3629's table of well-formed sequences.
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i;
      if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** The warning for a leading byte-order mark, which is dropped so the rest still parses. */
export function byteOrderMarkDiagnostic(): Diagnostic {
  return {
    ruleId: "byte-order-mark",
    severity: "warning",
    message: "The file starts with a UTF-8 byte-order mark, which JSON does not allow (RFC 8259); save it as UTF-8 without BOM.",
    pointer: "",
    range: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } },
    // The mark is not in the decoded text the offsets count: this empty edit at its place stands for dropping it.
    fix: BYTE_ORDER_MARK_FIX,
  };
}

/** The fix of a byte-order-mark finding: applied, the file is written without the mark (see `applyFixes`). */
export const BYTE_ORDER_MARK_FIX: TextFix = Object.freeze({ range: [0, 0] as [number, number], text: "" });

/** "UTF-16 little-endian" etc. when the bytes start like UTF-16 (a byte-order mark, or ASCII interleaved with zero bytes). */
function detectUtf16(bytes: Uint8Array): string | undefined {
  const [a, b, c, d] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if (a === 0xff && b === 0xfe)
    return c === 0 && d === 0 ? "UTF-32 little-endian (byte-order mark FF FE 00 00)" : "UTF-16 little-endian (byte-order mark FF FE)";
  if (a === 0xfe && b === 0xff) return "UTF-16 big-endian (byte-order mark FE FF)";
  const ascii = (x: number | undefined) => x !== undefined && x > 0 && x < 0x80;
  if (ascii(a) && b === 0 && ascii(c) && d === 0) return "UTF-16 little-endian (no byte-order mark)";
  if (a === 0 && ascii(b) && c === 0 && ascii(d)) return "UTF-16 big-endian (no byte-order mark)";
  return undefined;
}

/** Decodes UTF-8 bytes; a leading byte-order mark is dropped with a warning, a bad byte is an error at its line and column. */
export function decodeUtf8(bytes: Uint8Array): DecodeResult {
  const diagnostics: Diagnostic[] = [];
  // Checked first: read as UTF-8, a UTF-16 file is either a bad byte (0xFF, "a Windows-1252 character?") or text
  // full of NUL characters, and neither message leads to the fix.
  const utf16 = detectUtf16(bytes);
  if (utf16) {
    const range = { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } };
    diagnostics.push({
      ruleId: "invalid-utf8",
      severity: "error",
      message: `The file is encoded as ${utf16}, not UTF-8; JSON files must be UTF-8 (RFC 8259): re-save it as UTF-8.`,
      pointer: "",
      range,
    });
    return { diagnostics };
  }
  let body = bytes;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    body = bytes.subarray(3);
    diagnostics.push(byteOrderMarkDiagnostic());
  }
  try {
    return { text: fatalDecoder.decode(body), diagnostics };
  } catch {
    const offset = firstInvalidUtf8(body);
    const before = new TextDecoder("utf-8").decode(body.subarray(0, Math.max(offset, 0)));
    const start = positionAt(lineStarts(before), before.length);
    const byte = body[offset] ?? 0;
    diagnostics.push({
      ruleId: "invalid-utf8",
      severity: "error",
      message: `Byte 0x${byte.toString(16).padStart(2, "0")} at byte offset ${offset} is not valid UTF-8 (a Windows-1252 or Latin-1 character?); re-save the file as UTF-8.`,
      pointer: "",
      range: { start, end: { line: start.line, column: start.column + 1 } },
    });
    return { diagnostics };
  }
}
