// `pathway fmt` as a pure function: a document's bytes in, its canonical text (or why it cannot be formatted) out.
import type { Diagnostic } from "../diagnostics/index.js";
import { toCanonicalJson } from "../model/index.js";
import { parseDocument } from "../parse/index.js";

/** What formatting one document gives. */
export interface FormatDocumentResult {
  /** The canonical text; absent when the document cannot be formatted. */
  text?: string;
  /** True when `text` differs from the input (byte for byte). */
  changed: boolean;
  /** Why the document cannot be formatted: parse diagnostics, or a value JSON text cannot carry exactly. */
  diagnostics: Diagnostic[];
}

function findNonFinite(value: unknown, path: string): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : path;
  if (value === null || typeof value !== "object") return undefined;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value as object);
  for (const [key, v] of entries) {
    const found = findNonFinite(v, `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Formats a pathway document canonically (see README, "Canonical form"). The JSON value is kept; only whitespace, key
 * order and number/string spelling change. Idempotent: formatting the result again changes nothing.
 */
export function formatPathwayDocument(input: string | Uint8Array): FormatDocumentResult {
  const parsed = parseDocument(input);
  if (!parsed.ok) return { changed: false, diagnostics: parsed.diagnostics.filter((d) => d.severity === "error") };
  const overflow = findNonFinite(parsed.value, "");
  if (overflow !== undefined) {
    return {
      changed: false,
      diagnostics: [
        {
          ruleId: "number-out-of-range",
          severity: "error",
          message: "A number here is too large for a 64-bit float, so rewriting the file would change it; write it as a string or a smaller number.",
          pointer: overflow,
          ...(parsed.locate(overflow) && { range: parsed.locate(overflow)! }),
        },
      ],
    };
  }
  let text: string;
  try {
    text = toCanonicalJson(parsed.value);
  } catch (error) {
    return { changed: false, diagnostics: [{ ruleId: "too-deep", severity: "error", message: (error as Error).message, pointer: "" }] };
  }
  const original = typeof input === "string" ? input : Buffer.from(input).toString("utf8");
  const changed = typeof input === "string" ? original !== text : !Buffer.from(text, "utf8").equals(Buffer.from(input));
  return { text, changed, diagnostics: [] };
}
