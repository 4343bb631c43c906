// The one-pass locator agrees with a syntax-tree locator (momoa's parser) on every pointer, present or not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locateAll } from "../../src/parse/index.js";
import { createTreeLocator as createLocator } from "../support/tree-locator.js";
import { parseableCorpus } from "../support/corpus.js";

function pointersOf(value: unknown, prefix = "", out: string[] = []): string[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pointersOf(v, `${prefix}/${i}`, out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) pointersOf(v, `${prefix}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, out);
  return out;
}

describe("locateAll", () => {
  it("matches the syntax-tree locator on every pointer of the real corpus, and on missing ones", () => {
    for (const { text, value } of parseableCorpus) {
      const pointers = [...pointersOf(value), "/nodes/0/data/missing/deeper", "/nope", "/nodes/100000"];
      const locate = createLocator(text);
      const all = locateAll(text, pointers);
      for (const p of pointers) expect(all.get(p), p).toEqual(locate(p));
    }
  });

  it("matches it on any JSON text, for any subset of its pointers", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), fc.integer(), (value, pretty, seed) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const all = pointersOf(JSON.parse(text));
        const subset = all.filter((_, i) => ((i * 2654435761 + seed) >>> 0) % 3 === 0);
        const locate = createLocator(text);
        const found = locateAll(text, subset);
        for (const p of subset) expect(found.get(p), p).toEqual(locate(p));
      }),
      { numRuns: 300 },
    );
  });
});
