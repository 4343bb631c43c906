// momoa, the JSON parser with positions, loaded on first use: most texts never need it (see its two callers).
import { createRequire } from "node:module";
import type { parse as momoaParse } from "@humanwhocodes/momoa";

let momoa: { parse: typeof momoaParse } | undefined;

/**
 * momoa's `parse`. Only a text with a repeated key, or a syntax error whose place V8 does not name, is read with it,
 * so a run over clean files never loads or compiles its 28 KB (about 3 ms of a `pathway validate` start). A require,
 * not an import(), keeps its callers synchronous. `#momoa` is package.json's subpath import: the package itself here,
 * and in the editor extension's server (which has no node_modules) a copy of its one file. Callers load it outside
 * their `try` around parsing: a missing parser is a broken install to report, not a text without findings.
 */
export function loadParseTree(): typeof momoaParse {
  momoa ??= createRequire(import.meta.url)("#momoa") as { parse: typeof momoaParse };
  return momoa.parse;
}
