// Vitest global setup: says once, at the top of the run, when the shared corpus is absent and its tests are skipped.
import { CORPUS_DIR, hasCorpus, hasRequestCorpus, REQUEST_CORPUS_DIR } from "./corpus-dir.js";

/** Prints one line when the corpus is missing; fails the run instead when PATHWAYKIT_REQUIRE_CORPUS is set (CI). */
export default function announceCorpus(): void {
  if (hasCorpus && !hasRequestCorpus) {
    console.log(
      `\nRequest corpus not found at ${REQUEST_CORPUS_DIR}: the tests that need the real request bodies are skipped (set PATHWAYKIT_REQUEST_CORPUS to run them).\n`,
    );
  }
  if (hasCorpus) return;
  if (process.env["PATHWAYKIT_REQUIRE_CORPUS"])
    throw new Error(`The real corpus is required (PATHWAYKIT_REQUIRE_CORPUS) but missing at ${CORPUS_DIR}; set PATHWAYKIT_CORPUS to its folder.`);
  console.log(`\nCorpus not found at ${CORPUS_DIR}: the tests that need the real pathway files are skipped (set PATHWAYKIT_CORPUS to run them).\n`);
}
