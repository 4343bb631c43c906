// The real pathway files of the shared corpus (../shared/corpus/real beside the checkout, or PATHWAYKIT_CORPUS), read once for the tests that must hold on every one of them; absent on a plain clone, where those tests are skipped.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import { CORPUS_DIR, hasCorpus } from "./corpus-dir.js";

export { CORPUS_DIR, hasCorpus };

/** `describe`, skipped when the corpus is absent. */
export const describeCorpus: ReturnType<typeof describe.skipIf> = describe.skipIf(!hasCorpus);
/** `it`, skipped when the corpus is absent. */
export const itCorpus: ReturnType<typeof it.skipIf> = it.skipIf(!hasCorpus);

/** Every corpus file name (*.json), sorted; empty without the corpus. */
export const corpusFiles: readonly string[] = hasCorpus
  ? readdirSync(CORPUS_DIR)
      .filter((f) => f.endsWith(".json"))
      .sort()
  : [];

/** The path of a corpus file (it exists only when `hasCorpus`). */
export function corpusPath(name: string): string {
  return path.join(CORPUS_DIR, name);
}

/** The bytes of a corpus file. */
export function readCorpus(name: string): Buffer {
  return readFileSync(corpusPath(name));
}

/** A corpus file parsed as JSON, or undefined without the corpus (for module-level fixtures of corpus-only tests). */
export function corpusValue<T>(name: string): T {
  return (hasCorpus ? JSON.parse(readCorpus(name).toString("utf8")) : undefined) as T;
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
