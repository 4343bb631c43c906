// Lossless loading: every parseable real file, loaded and written back in canonical form, is the same JSON value.
import { isDeepStrictEqual } from "node:util";
import { describe, expect, } from "vitest";
import { toCanonicalJson } from "../../src/model/index.js";
import { parseDocument } from "../../src/parse/index.js";
import { itCorpus, parseableCorpus } from "../support/corpus.js";

describe("load then serialise", () => {
  itCorpus("covers the real files that parse", () => {
    expect(parseableCorpus.map((f) => f.name)).toHaveLength(10);
  });

  itCorpus.each(parseableCorpus.map((f) => [f.name, f.text] as const))(
    "gives back %s unchanged, undocumented keys and both label places included",
    (_name, text) => {
      const loaded = parseDocument(text).value;
      const written = toCanonicalJson(loaded);
      expect(isDeepStrictEqual(JSON.parse(written), JSON.parse(text))).toBe(true);
      // Canonical form is a fixed point: writing what was written changes nothing.
      expect(toCanonicalJson(JSON.parse(written))).toBe(written);
    },
  );
});
