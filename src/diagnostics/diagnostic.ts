// The one shape of everything a user can get wrong, shared by every command and formatter.

/** How bad a finding is; `info` is a note that never fails a run or counts as a warning; `off` exists only in configuration. */
export type Severity = "error" | "warning" | "info";

/** A 1-based line/column position in the source text. */
export interface Position {
  line: number;
  column: number;
}

/** Where a finding sits in the source text: start inclusive, end exclusive. */
export interface Range {
  start: Position;
  end: Position;
}

/** Another place that explains a finding (for example the first of two duplicate ids). */
export interface RelatedLocation {
  pointer: string;
  message: string;
  range?: Range;
}

/** A finding about a pathway file. */
export interface Diagnostic {
  /** Stable kebab-case rule id, e.g. `missing-start-node`. */
  ruleId: string;
  severity: Severity;
  /** What is wrong and what to do about it. */
  message: string;
  /** RFC 6901 JSON pointer of the offending value ("" is the whole document). */
  pointer: string;
  /** Where the value is in the source text, when there is one. */
  range?: Range;
  related?: RelatedLocation[];
  /** Documentation of the rule. */
  url?: string;
  /** The part of the string at `pointer` the finding is about; placing the finding turns it into `range` and drops it. */
  span?: StringSpan;
  /** A change that resolves the finding and cannot change what a call does: `pathway lint --fix` applies it. */
  fix?: TextFix;
  /** Changes that may resolve the finding but need a person's judgement: offered in the editor, never applied by --fix. */
  suggestions?: Suggestion[];
  /** As a rule reports it, before the finding is placed in the text: the fix as a new value at a pointer. */
  edit?: ValueEdit;
  /** As a rule reports them, before placement: each suggestion's new value at a pointer. */
  suggest?: { desc: string; edit: ValueEdit }[];
}

/**
 * A replacement in the file's text, ESLint's fix shape: the characters from `range[0]` to `range[1]` (UTF-16 offsets
 * into the text as decoded, a leading byte-order mark not counted; end exclusive) become `text`.
 */
export interface TextFix {
  range: [number, number];
  text: string;
}

/** A change offered to the user: what it does, and the edit. */
export interface Suggestion {
  desc: string;
  fix: TextFix;
}

/**
 * A fix as a rule states it, without the text: the JSON value at `pointer` becomes `value`; with `key`, the object at
 * `pointer` gets (or has replaced) the member `key` with that value; with `span`, that part of the string at `pointer`
 * becomes the string `value`. Placement writes it into the text, leaving the rest of the file as it is.
 */
export interface ValueEdit {
  pointer: string;
  value: unknown;
  key?: string;
  span?: StringSpan;
}

/** Offsets in a string value as decoded (UTF-16 code units; escapes count as the character they stand for), end exclusive. */
export interface StringSpan {
  start: number;
  end: number;
}

/** Number of errors and warnings (notes at `info` are counted by neither). */
export function countBySeverity(diagnostics: readonly Diagnostic[]): { errorCount: number; warningCount: number } {
  let errorCount = 0;
  let warningCount = 0;
  for (const d of diagnostics) {
    if (d.severity === "error") errorCount++;
    else if (d.severity === "warning") warningCount++;
  }
  return { errorCount, warningCount };
}

/** Orders findings by position, then rule id, so output is stable whatever order rules ran in. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const la = a.range?.start.line ?? 0;
  const lb = b.range?.start.line ?? 0;
  if (la !== lb) return la - lb;
  const ca = a.range?.start.column ?? 0;
  const cb = b.range?.start.column ?? 0;
  if (ca !== cb) return ca - cb;
  if (a.pointer !== b.pointer) return a.pointer < b.pointer ? -1 : 1;
  if (a.ruleId !== b.ruleId) return a.ruleId < b.ruleId ? -1 : 1;
  return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
}

/** What formatters and docs need to know about a rule (the full shape lives in rules/). */
export interface RuleDescriptor {
  id: string;
  description: string;
  defaultSeverity: Severity;
  /** Documentation URL. */
  docs: string;
}
