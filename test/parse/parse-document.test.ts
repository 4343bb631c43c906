// The parse layer: encoding, syntax errors with their place and a hint, and the pointer->range source map.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeUtf8, firstInvalidUtf8, parseDocument, parseJson } from "../../src/parse/index.js";
import { marked } from "../support/marked.js";

function errorAt(source: string) {
  const { text, marks } = marked(source);
  const d = parseJson(text).diagnostics[0]!;
  return { d, expected: marks[0]! };
}

describe("parse-error", () => {
  const cases: [string, string, RegExp][] = [
    ["a trailing comma in an object", '{"a": 1«,\n}', /Trailing comma/],
    ["a trailing comma in an array", '{"a": [1, 2«, ]}', /Trailing comma/],
    ["a raw control character in a string", '{"a": "x«\u0001y"}', /control character.*\\n/],
    ["a missing comma", '{"a": [1 «2]}', /fix the JSON syntax/],
    ["a truncated document", '{"nodes": [«', /Unexpected end/],
    ["an empty file", "«", /The file is empty/],
  ];
  for (const [name, source, message] of cases) {
    it(`reports ${name} at its line and column`, () => {
      const { d, expected } = errorAt(source);
      expect(d.ruleId).toBe("parse-error");
      expect(d.range?.start).toEqual(expected);
      expect(d.message).toMatch(message);
    });
  }

  it("never throws on arbitrary text, and reports a parse error exactly when JSON.parse fails", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const result = parseJson(text);
        expect(result.ok).toBe(valid);
        if (!valid) expect(result.diagnostics[0]!.range!.start.line).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe("encoding", () => {
  it("drops a byte-order mark with a warning and parses the rest", () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"nodes": []}')]);
    const result = parseDocument(bytes);
    expect(result.ok).toBe(true);
    expect(result.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([["byte-order-mark", "warning"]]);
  });

  it("reports the first byte that is not UTF-8 at its line and column", () => {
    const bytes = Buffer.concat([Buffer.from('{\n  "name": "caf'), Buffer.from([0x80]), Buffer.from('"\n}')]);
    const [d] = decodeUtf8(bytes).diagnostics;
    expect(d).toMatchObject({ ruleId: "invalid-utf8", range: { start: { line: 2, column: 15 } } });
    expect(d!.message).toMatch(/Byte 0x80 at byte offset 16/);
  });

  it("finds exactly the offset of a bad byte inserted into any valid UTF-8 text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.nat(), fc.constantFrom(0x80, 0xbf, 0xc0, 0xff, 0xf5), (s, at, bad) => {
        const valid = Buffer.from(s, "utf8");
        expect(firstInvalidUtf8(valid)).toBe(-1);
        // Insert between whole characters: find a boundary at or before `at`.
        let cut = valid.length === 0 ? 0 : at % (valid.length + 1);
        while (cut > 0 && cut < valid.length && (valid[cut]! & 0xc0) === 0x80) cut--;
        const broken = Buffer.concat([valid.subarray(0, cut), Buffer.from([bad]), valid.subarray(cut)]);
        expect(firstInvalidUtf8(broken)).toBe(cut);
      }),
    );
  });

  it("rejects overlong encodings and surrogates that Buffer would silently replace", () => {
    expect(firstInvalidUtf8(Buffer.from([0x41, 0xc0, 0xaf]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xe2, 0x82]))).toBe(0);
  });
});

describe("source map", () => {
  const { text, marks } = marked('{\n  "nodes": [\n    {"id": «"a", "data": «{"name": «"x"}},\n    «{"id": "b"}\n  ],\n  "a/b": {"~": «1}\n}');
  const { locate } = parseJson(text);
  it.each([
    ["/nodes/0/id", 0],
    ["/nodes/0/data", 1],
    ["/nodes/0/data/name", 2],
    ["/nodes/1", 3],
    ["/a~1b/~0", 4],
  ])("locates %s", (pointer, mark) => {
    expect(locate(pointer)?.start).toEqual(marks[mark]);
  });

  it("falls back to the deepest existing ancestor for a missing key", () => {
    expect(locate("/nodes/1/type")?.start).toEqual(marks[3]);
  });

  it("uses the last of duplicate keys, as JSON.parse does", () => {
    const doc = parseJson('{"a": 1,\n"a": 2}');
    expect(doc.value).toEqual({ a: 2 });
    expect(doc.locate("/a")?.start).toEqual({ line: 2, column: 6 });
  });
});
