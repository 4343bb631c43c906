// The structured-file reader for YAML (scenario and mocks files): the same result as readJsonStructured, with alias limits.
import { CORE_SCHEMA, load as loadFast } from "js-yaml";
import { isMap, isScalar, LineCounter, parseDocument, type Document } from "yaml";
import type { Position } from "../diagnostics/index.js";
import { checkStructured, emptyFileDiagnostic, type PathLocator, type StructuredRead, type StructuredReadOptions } from "./structured.js";

/** Alias expansions a file may make (yaml's own default, stated here because it guards against alias bombs). */
export const MAX_YAML_ALIAS_COUNT = 100;

/** Anchors, aliases and tags: YAML features only the document parser handles with its limits. */
const NEEDS_FULL_PARSER = /[&*!]/;

function toPosition(lines: LineCounter, offset: number): Position {
  const pos = lines.linePos(offset);
  return { line: pos.line, column: pos.col };
}

function createDocumentLocator(doc: Document, lines: LineCounter): PathLocator {
  return (path) => {
    // Walk up to the nearest existing ancestor: a missing key is reported where its parent is.
    for (let n = path.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
      const range = (node as { range?: [number, number, number] } | undefined)?.range;
      if (range) return toPosition(lines, range[0]);
    }
    return undefined;
  };
}

/** Where the key `key` of the map at `path` is written (for "unknown key" messages). */
function locateKeyIn(doc: Document, lines: LineCounter, path: readonly (string | number)[], key: string): Position | undefined {
  const map = path.length === 0 ? doc.contents : doc.getIn(path, true);
  if (!isMap(map)) return undefined;
  for (const pair of map.items) {
    if (isScalar(pair.key) && String(pair.key.value) === key && pair.key.range) return toPosition(lines, pair.key.range[0]);
  }
  return undefined;
}

function readDocument(text: string): { doc: Document; lines: LineCounter } {
  const lines = new LineCounter();
  // A repeated key is an error here (uniqueKeys): in a hand-written file the earlier value would be lost without a word.
  return { doc: parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true }), lines };
}

/** A locator that parses the text into a full YAML document (with positions) only when a place is first asked for. */
function createLazyLocator(text: string): PathLocator {
  let locate: PathLocator | undefined;
  return (path) => {
    if (!locate) {
      const { doc, lines } = readDocument(text);
      locate = createDocumentLocator(doc, lines);
    }
    return locate(path);
  };
}

/**
 * Reads a YAML (or JSON) file against a schema, with alias limits and every problem placed at its line. Never throws.
 * Most files (every generated one) use no anchors, aliases or tags and are valid: js-yaml's core schema reads those
 * 5 to 20 times faster than the document parser, which then runs only for a file with a problem to place, or with
 * features the fast path leaves to it. Both read YAML 1.2's core schema, so they give the same values.
 */
export function readYamlStructured<T>(text: string, options: StructuredReadOptions<T>): StructuredRead<T> {
  if (!NEEDS_FULL_PARSER.test(text)) {
    let fast: unknown;
    try {
      fast = loadFast(text, { schema: CORE_SCHEMA });
    } catch {
      fast = undefined; // a syntax error or a repeated key: the document parser reports it at its line
    }
    if (fast !== undefined && fast !== null) {
      const parsed = options.schema.safeParse(fast);
      if (parsed.success) return { ok: true, value: parsed.data, locate: createLazyLocator(text) };
    }
  }
  const { doc, lines } = readDocument(text);
  if (doc.errors.length > 0) {
    return {
      ok: false,
      diagnostics: doc.errors.map((e) => {
        const at = toPosition(lines, e.pos[0]);
        return {
          ruleId: "parse-error",
          severity: "error" as const,
          message: `YAML syntax: ${e.message.split("\n")[0]}`,
          pointer: "",
          range: { start: at, end: at },
        };
      }),
    };
  }
  let value: unknown;
  try {
    // Aliases are expanded by copying: a few nested ones (billion laughs) would build gigabytes. The yaml package counts
    // expanded aliases against this limit and throws; it becomes this file's problem, so other files are still read.
    value = doc.toJS({ maxAliasCount: MAX_YAML_ALIAS_COUNT });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `YAML aliases: ${reason} (more than ${MAX_YAML_ALIAS_COUNT} alias expansions); write the values out or use fewer nested aliases`;
    return { ok: false, diagnostics: [{ ...emptyFileDiagnostic(message) }] };
  }
  if (value === null || value === undefined) return { ok: false, diagnostics: [emptyFileDiagnostic(options.emptyMessage)] };
  return checkStructured(value, createDocumentLocator(doc, lines), options, (parent, key) => locateKeyIn(doc, lines, parent, key));
}
