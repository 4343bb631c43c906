// `lint --fix` for one document: lint, apply the safe fixes, lint the fixed text again, until nothing more is fixed.
import { applyFixes } from "../rules/index.js";
import { lintPathway, type LintOptions, type LintResult } from "./lint.js";

/** At most this many rounds: a fix may make another finding appear (ESLint stops at 10 too). */
const MAX_PASSES = 10;

/** What fixing a document gave: the last lint (of the fixed text), the fixed file text when it changed, and the count. */
export interface FixResult extends LintResult {
  /** The whole fixed file, only when a fix changed it (written as it will be saved: a kept byte-order mark included). */
  output?: string;
  /** How many findings were fixed, over every round. */
  fixed: number;
}

const startsWithBom = (input: string | Uint8Array) =>
  typeof input === "string" ? input.charCodeAt(0) === 0xfeff : input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf;

/**
 * Lints `input` and applies every fix its findings carry (fixes that cannot change what a call does, see
 * `RuleMeta.fixable`), then lints the result again, up to 10 rounds. Suggestions are never applied. A file that does
 * not parse is left as it is (a fix needs the document's places). The findings returned are those of the fixed text.
 */
export function fixPathway(input: string | Uint8Array, options: LintOptions = {}): FixResult {
  let result = lintPathway(input, options);
  if (result.text === undefined) return { ...result, fixed: 0 };
  const original = result.text;
  let text = original;
  let fixed = 0;
  let bomDropped = false;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const fixable = result.diagnostics.filter((d) => d.fix);
    if (fixable.length === 0) break;
    if (fixable.some((d) => d.ruleId === "byte-order-mark")) bomDropped = true;
    const applied = applyFixes(
      text,
      fixable.map((d) => d.fix!),
    );
    fixed += applied.applied;
    const changed = applied.text !== text;
    text = applied.text;
    result = lintPathway(text, options);
    if (!changed) break;
  }
  const bom = startsWithBom(input) && !bomDropped;
  const output = (bom ? "\uFEFF" : "") + text;
  return { ...result, fixed, ...((text !== original || (bomDropped && startsWithBom(input))) && { output }) };
}
