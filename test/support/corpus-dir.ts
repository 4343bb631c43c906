// Where the shared corpus of real pathway files (and request bodies) is: PATHWAYKIT_CORPUS, else ../shared/corpus/real beside the checkout (as in CI).
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Directory of the real corpus. */
export const CORPUS_DIR = process.env["PATHWAYKIT_CORPUS"]
  ? path.resolve(process.env["PATHWAYKIT_CORPUS"])
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/corpus/real");

/** Whether the corpus is there: a plain clone has none. */
export const hasCorpus = existsSync(CORPUS_DIR);

/** Directory of the real request bodies: PATHWAYKIT_REQUEST_CORPUS, else `requests` beside the pathway corpus. */
export const REQUEST_CORPUS_DIR = process.env["PATHWAYKIT_REQUEST_CORPUS"]
  ? path.resolve(process.env["PATHWAYKIT_REQUEST_CORPUS"])
  : path.resolve(CORPUS_DIR, "../requests");

/** Whether the request bodies are there (with the pathway corpus, which pairs pathways with some of them). */
export const hasRequestCorpus = hasCorpus && existsSync(REQUEST_CORPUS_DIR);
