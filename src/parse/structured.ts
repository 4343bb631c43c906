// One reader of structured files (config, manifest, baseline; YAML ones in structured-yaml.ts): text -> value checked by a zod schema, problems as Diagnostics at their line.
import type { Diagnostic, Position } from "../diagnostics/index.js";
import { toPointer } from "../diagnostics/index.js";
import { parseJson } from "./parse-json.js";
import { toSchemaDiagnostics, type SchemaIssueInput } from "./schema-issues.js";

/** Where the value at a path starts (1-based line and column), or its nearest existing ancestor; undefined when unknown. */
export type PathLocator = (path: readonly (string | number)[]) => Position | undefined;

/** What the reader needs of a zod schema (any `z.ZodType<T>` is one). */
export interface StructuredSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly SchemaIssueInput[] } };
}

/** Options of the structured-file readers. */
export interface StructuredReadOptions<T> {
  schema: StructuredSchema<T>;
  /** The message when the file holds nothing (whitespace and comments only). */
  emptyMessage: string;
  /** Said after every unknown key (see `toSchemaDiagnostics`). */
  unknownKeyHint?: string;
}

/** A read file: the checked value and a locator, or the problems that stopped it (`parse-error` for syntax, `schema` for the rest). */
export type StructuredRead<T> = { ok: true; value: T; locate: PathLocator } | { ok: false; diagnostics: Diagnostic[] };

/** The empty-file error, at the first line. */
export function emptyFileDiagnostic(message: string): Diagnostic {
  return { ruleId: "parse-error", severity: "error", message, pointer: "", range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } } };
}

/**
 * Checks a parsed value against the schema: the value as the schema outputs it, or one Diagnostic per issue placed by
 * `locate` (an unknown key at the key itself when `locateKey` can find it). Shared by the JSON and YAML readers.
 */
export function checkStructured<T>(
  value: unknown,
  locate: PathLocator,
  options: StructuredReadOptions<T>,
  locateKey: (parent: readonly (string | number)[], key: string) => Position | undefined = (parent, key) => locate([...parent, key]),
): StructuredRead<T> {
  const parsed = options.schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data, locate };
  const diagnostics = toSchemaDiagnostics(parsed.error.issues, {
    locate: (path, key) => (key === undefined ? locate(path) : (locateKey(path, key) ?? locate(path))),
    ...(options.unknownKeyHint !== undefined && { unknownKeyHint: options.unknownKeyHint }),
  });
  return { ok: false, diagnostics };
}

/**
 * Reads a JSON file (a leading byte-order mark is skipped) against a schema. Never throws: a syntax error is a
 * `parse-error` Diagnostic at its line and column, with the JSON parser's advice (a trailing comma, ...).
 */
export function readJsonStructured<T>(text: string, options: StructuredReadOptions<T>): StructuredRead<T> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === "") return { ok: false, diagnostics: [emptyFileDiagnostic(options.emptyMessage)] };
  const parsed = parseJson(body);
  if (!parsed.ok) return { ok: false, diagnostics: parsed.diagnostics };
  const locate: PathLocator = (path) => parsed.locate(toPointer(path))?.start;
  return checkStructured(parsed.value, locate, options);
}
