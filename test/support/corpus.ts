// The real pathway files in ../shared/corpus/real, read once for the tests that must hold on every one of them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Directory of the real corpus (beside the checkout, as on every machine and in CI). */
export const CORPUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/corpus/real");

/** Every corpus file name (*.json), sorted. */
export const corpusFiles: readonly string[] = readdirSync(CORPUS_DIR)
  .filter((f) => f.endsWith(".json"))
  .sort();

/** The bytes of a corpus file. */
export function readCorpus(name: string): Buffer {
  return readFileSync(path.join(CORPUS_DIR, name));
}

/** Corpus files that are valid JSON, with their parsed values. */
export const parseableCorpus: readonly { name: string; text: string; value: unknown }[] = corpusFiles.flatMap((name) => {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(readCorpus(name));
    return [{ name, text, value: JSON.parse(text) as unknown }];
  } catch {
    return [];
  }
});
