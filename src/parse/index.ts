// The parse layer: bytes or text in, value plus source map (or syntax diagnostics) out.
import { byteOrderMarkDiagnostic, decodeUtf8 } from "./decode.js";
import { parseJson, type ParseResult } from "./parse-json.js";

export { byteOrderMarkDiagnostic, decodeUtf8, firstInvalidUtf8 } from "./decode.js";
export { parseJson, type ParseResult } from "./parse-json.js";
// parse-yaml.js is imported directly by the few that read YAML: the `yaml` package is 60 modules that `validate` should not load.
export { createBatchLocator, createLocator, type BatchLocator, type Locator } from "./source-map.js";
export { locateAll, toSpanKey, type LocateOptions, type StringSpans } from "./locate-all.js";
export { lineStarts, positionAt } from "./position.js";
// structured-yaml.js (the YAML reader) is imported directly, for the same reason as parse-yaml.js.
export { checkStructured, readJsonStructured, type PathLocator, type StructuredRead, type StructuredReadOptions, type StructuredSchema } from "./structured.js";
export { formatKeyPath, toSchemaDiagnostics, toSchemaIssues, toSchemaMessage, type SchemaIssue, type SchemaIssueInput } from "./schema-issues.js";

/**
 * A decoded and parsed document: the parse result and, when the bytes were text, the text. `converted` is true when the
 * value was converted from the text's own format (a bland-cli YAML file): its ranges are in the text, but a fix (a new
 * value at a pointer) cannot be written back into it.
 */
export type ParsedDocument = ParseResult & { text?: string; converted?: boolean };

/** Decodes (when given bytes) and parses a document; diagnostics of both steps are kept. */
export function parseDocument(input: string | Uint8Array): ParsedDocument {
  if (typeof input === "string") {
    if (input.charCodeAt(0) !== 0xfeff) return { ...parseJson(input), text: input };
    const parsed = parseJson(input.slice(1));
    return { ...parsed, diagnostics: [byteOrderMarkDiagnostic(), ...parsed.diagnostics], text: input.slice(1) };
  }
  const decoded = decodeUtf8(input);
  if (decoded.text === undefined) return { ok: false, diagnostics: decoded.diagnostics, locate: () => undefined, locateMany: () => new Map() };
  const parsed = parseJson(decoded.text);
  return { ...parsed, diagnostics: [...decoded.diagnostics, ...parsed.diagnostics], text: decoded.text };
}
