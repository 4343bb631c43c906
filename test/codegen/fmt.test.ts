// Canonical formatting keeps every value, is idempotent, and refuses what it cannot rewrite exactly.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { formatPathwayDocument } from "../../src/codegen/index.js";
import { toCanonicalJson } from "../../src/model/index.js";
import { corpusFiles, itCorpus, readCorpus } from "../support/corpus.js";
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
    const text =
      '{"edges": [], "zeta": 1, "nodes": [{"data": {"text": "x", "isStart": true, "name": "A"}, "type": "Default", "id": "a"}], "alpha": 2, "name": "N"}';
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
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ ruleId: "parse-error", range: expect.objectContaining({ start: { line: 1, column: 13 } }) }),
    ]);
  });

  test("refuses numbers that would change when rewritten", () => {
    const result = formatPathwayDocument('{"nodes": [], "big": 1e400}');
    expect(result.text).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ ruleId: "number-out-of-range", pointer: "/big" });
  });

  test("refuses a number a 64-bit float cannot hold exactly, with its pointer, line and column", () => {
    const result = formatPathwayDocument('{\n  "nodes": [],\n  "big": 12345678901234567890123\n}');
    expect(result.text).toBeUndefined();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: "number-not-exact",
        severity: "error",
        pointer: "/big",
        range: { start: { line: 3, column: 10 }, end: { line: 3, column: 33 } },
        message: expect.stringContaining("1.2345678901234568e+22"),
      }),
    ]);
  });

  test("refuses -0, which would be written as 0", () => {
    const result = formatPathwayDocument('{"nodes": [{"x": [1, -0.0]}]}');
    expect(result.text).toBeUndefined();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ ruleId: "number-not-exact", pointer: "/nodes/0/x/1", message: expect.stringContaining("sign") }),
    ]);
  });

  test("refuses a number too small for a float (it would become 0)", () => {
    expect(formatPathwayDocument('{"tiny": 1e-400}').diagnostics).toEqual([expect.objectContaining({ ruleId: "number-not-exact", pointer: "/tiny" })]);
  });

  test("accepts numbers whose spelling changes but whose value does not", () => {
    const result = formatPathwayDocument('{"a": 1.0, "b": 1e2, "c": 0.50, "d": -1E-2, "e": 0e5, "f": 9007199254740993e-16, "g": 1.5e300}');
    expect(result.diagnostics).toEqual([]);
    expect(result.text).toBe('{\n  "a": 1,\n  "b": 100,\n  "c": 0.5,\n  "d": -0.01,\n  "e": 0,\n  "f": 0.9007199254740993,\n  "g": 1.5e+300\n}\n');
  });

  test("ignores number-like text inside strings and keys, including escaped ones", () => {
    const result = formatPathwayDocument('{"12345678901234567890123": "-0", "k\\"1e400": ["\\\\", 2]}');
    expect(result.diagnostics).toEqual([]);
  });

  test("names the pointer of a bad number under an escaped key", () => {
    const result = formatPathwayDocument('{"a/b": {"c\\"d": -0}}');
    expect(result.diagnostics).toEqual([expect.objectContaining({ pointer: '/a~1b/c"d' })]);
  });

  test("reports a document nested 100000 deep as too deep instead of overflowing the stack", () => {
    const result = formatPathwayDocument("[".repeat(100_000) + "]".repeat(100_000));
    expect(result.text).toBeUndefined();
    expect(result.diagnostics).toEqual([expect.objectContaining({ ruleId: "nesting-depth", severity: "error" })]);
  });

  test("refuses a number that overflows even when it sits 200 levels deep (within the nesting limit)", () => {
    const result = formatPathwayDocument(`${"[".repeat(200)}1e400${"]".repeat(200)}`);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ ruleId: "number-out-of-range", range: expect.objectContaining({ start: { line: 1, column: 201 } }) }),
    ]);
  });

  test("refuses a duplicate key (rewriting would drop the first value), naming the key and where the repeat is", () => {
    const result = formatPathwayDocument('{"nodes": [{"id": "a", "id": "b"}]}');
    expect(result.text).toBeUndefined();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: "duplicate-key",
        severity: "error",
        pointer: "/nodes/0/id",
        range: expect.objectContaining({ start: { line: 1, column: 24 } }),
        message: expect.stringMatching(/^The key "id" appears twice .*remove one of the two/),
      }),
    ]);
  });

  test("drops a byte-order mark (the one change besides layout)", () => {
    const result = formatPathwayDocument(Buffer.from('\ufeff{"nodes": []}'));
    expect(result.changed).toBe(true);
    expect(result.text).toBe('{\n  "nodes": []\n}\n');
  });

  itCorpus("formats every parseable corpus file to the canonical text of its value", () => {
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
