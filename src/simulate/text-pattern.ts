// Scenario `matches:` patterns, run by a linear-time engine (RE2 syntax) so a hostile pattern cannot hang a test run.
import { createRequire } from "node:module";
import type { RE2JS as RE2JSClass } from "re2js";

/** A compiled `matches:` pattern, or why the text is not one. */
export type TextPattern = { ok: true; test: (text: string) => boolean } | { ok: false; message: string };

type RE2Module = { RE2JS: typeof RE2JSClass };

let engine: RE2Module | undefined;

/**
 * re2js (pure JavaScript, no native build) is loaded on the first pattern, synchronously, so runs without `matches:`
 * never pay its ~20 ms start-up and the scenario runner stays synchronous.
 */
function loadEngine(): RE2Module {
  engine ??= createRequire(import.meta.url)("re2js") as RE2Module;
  return engine;
}

const cache = new Map<string, TextPattern>();

/**
 * Compiles a scenario's `matches:` pattern with RE2 semantics: matching time is linear in the text, whatever the
 * pattern (`^(a+)+$` included). Accepted: JavaScript's everyday syntax (classes, `\d \w \s \b`, quantifiers,
 * groups, named groups, alternation, anchors, `\\uXXXX`) and inline flags such as `(?i)`; refused: backreferences (`\1`) and
 * lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`), which need backtracking. The pattern is searched for anywhere in the text
 * (like `RegExp.prototype.test`).
 */
export function compileTextPattern(source: string): TextPattern {
  const known = cache.get(source);
  if (known) return known;
  let compiled: TextPattern;
  try {
    // JavaScript's `\uXXXX` is RE2's `\x{XXXX}` (an escaped backslash before the `u` is left alone).
    const re = loadEngine().RE2JS.compile(source.replace(/(?<!\\)((?:\\\\)*)\\u([0-9a-fA-F]{4})/g, "$1\\x{$2}"));
    compiled = { ok: true, test: (text) => re.matcher(text).find() };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    compiled = {
      ok: false,
      message: `not a pattern this runner accepts (${reason}): matches: uses RE2 syntax, which runs in linear time; backreferences and lookaround are not supported`,
    };
  }
  if (cache.size > 1_000) cache.clear();
  cache.set(source, compiled);
  return compiled;
}
