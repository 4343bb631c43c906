// Canonical formatting keeps every value, is idempotent, and refuses what it cannot rewrite exactly.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { formatPathwayDocument } from "../../src/codegen/index.js";
import { toCanonicalJson } from "../../src/model/index.js";
import { corpusFiles, readCorpus } from "../support/corpus.js";
import { validPathway } from "../support/arbitraries.js";

/** Any JSON document a user might hand to fmt, written with some indentation. */
const document = fc.tuple(fc.oneof(fc.jsonValue(), validPathway as fc.Arbitrary<unknown>), fc.constantFrom(0, 1, 2, 4, "\t")).map(([value, indent]) => ({
  value,
  text: JSON.stringify(value, null, indent),
}));

describe("formatPathwayDocument", () => {
  test("preserves the JSON value of any document", () => {
    fc.assert(
      fc.property(document, ({ text }) => {
        const result = formatPathwayDocument(text);
        expect(result.diagnostics).toEqual([]);
        expect(isDeepStrictEqual(JSON.parse(result.text!), JSON.parse(text))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test("is idempotent", () => {
    fc.assert(
      fc.property(document, ({ text }) => {
        const once = formatPathwayDocument(text).text!;
        const twice = formatPathwayDocument(once);
        expect(twice.changed).toBe(false);
        expect(twice.text).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  test("gives the same text for the same value whatever the key order", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 })), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(formatPathwayDocument(JSON.stringify(reversed)).text).toBe(formatPathwayDocument(JSON.stringify(obj)).text);
      }),
    );
  });

  test("keeps __proto__ keys as data", () => {
    const text = '{"nodes": [], "__proto__": {"x": 1}}';
    const result = formatPathwayDocument(text);
    expect(result.text).toBe('{\n  "nodes": [],\n  "__proto__": {\n    "x": 1\n  }\n}\n');
  });

  test("writes known keys first and the rest alphabetically", () => {
    const text = '{"edges": [], "zeta": 1, "nodes": [{"data": {"text": "x", "isStart": true, "name": "A"}, "type": "Default", "id": "a"}], "alpha": 2, "name": "N"}';
    expect(formatPathwayDocument(text).text).toBe(
      [
        "{",
        '  "name": "N",',
        '  "nodes": [',
        "    {",
        '      "id": "a",',
        '      "type": "Default",',
        '      "data": {',
        '        "name": "A",',
        '        "isStart": true,',
        '        "text": "x"',
        "      }",
        "    }",
        "  ],",
        '  "edges": [],',
        '  "alpha": 2,',
        '  "zeta": 1',
        "}",
        "",
      ].join("\n"),
    );
  });

  test("reports parse errors with line and column instead of formatting", () => {
    const result = formatPathwayDocument('{"nodes": [1,]}');
    expect(result.text).toBeUndefined();
    expect(result.diagnostics).toEqual([expect.objectContaining({ ruleId: "parse-error", range: expect.objectContaining({ start: { line: 1, column: 13 } }) })]);
  });

  test("refuses numbers that would change when rewritten", () => {
    const result = formatPathwayDocument('{"nodes": [], "big": 1e400}');
    expect(result.text).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ ruleId: "number-out-of-range", pointer: "/big" });
  });

  test("drops a byte-order mark (the one change besides layout)", () => {
    const result = formatPathwayDocument(Buffer.from('\ufeff{"nodes": []}'));
    expect(result.changed).toBe(true);
    expect(result.text).toBe('{\n  "nodes": []\n}\n');
  });

  test("formats every parseable corpus file to the canonical text of its value", () => {
    let formatted = 0;
    for (const name of corpusFiles) {
      const result = formatPathwayDocument(readCorpus(name));
      if (result.text === undefined) {
        expect(result.diagnostics.length).toBeGreaterThan(0);
        continue;
      }
      formatted++;
      expect(result.text).toBe(toCanonicalJson(JSON.parse(readCorpus(name).toString("utf8"))));
    }
    expect(formatted).toBeGreaterThanOrEqual(6);
  });
});
