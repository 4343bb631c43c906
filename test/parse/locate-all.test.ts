// The one-pass locator agrees with a syntax-tree locator (momoa's parser) on every pointer, present or not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locateAll, toSpanKey } from "../../src/parse/index.js";
import { createTreeLocator as createLocator } from "../support/tree-locator.js";
import { itCorpus, parseableCorpus } from "../support/corpus.js";

function pointersOf(value: unknown, prefix = "", out: string[] = []): string[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pointersOf(v, `${prefix}/${i}`, out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) pointersOf(v, `${prefix}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, out);
  return out;
}

describe("locateAll", () => {
  itCorpus("matches the syntax-tree locator on every pointer of the real corpus, and on missing ones", () => {
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

  it("stops early without changing any answer when keys are unique, for any pointers present, missing or repeated", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), fc.integer(), (value, pretty, seed) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const present = pointersOf(JSON.parse(text)).filter((_, i) => ((i * 2654435761 + seed) >>> 0) % 3 === 0);
        // Missing pointers are placed only once their parent is read to its end, so they keep the scan going.
        const missing = present.flatMap((p, i) => (i % 2 ? [`${p}/missing`, `${p}/0/deeper`] : [`${p}/99`]));
        const pointers = [...present.slice(0, 2), ...missing, ...present];
        const locate = createLocator(text);
        const early = locateAll(text, pointers, { noDuplicateKeys: true });
        const whole = locateAll(text, pointers);
        for (const p of pointers) {
          expect(early.get(p), p).toEqual(whole.get(p));
          expect(early.get(p), p).toEqual(locate(p));
        }
      }),
      { numRuns: 500 },
    );
  });

  it("told keys are unique, reads no further than the last pointer's value (so a later repeat goes unseen)", () => {
    const text = '{"a": {"x": 1}, "b": 2,\n"a": {"b": 3}, "b": 4}';
    expect(locateAll(text, ["/a/b", "/b"], { noDuplicateKeys: true })).toEqual(
      new Map([
        ["/a/b", { start: { line: 1, column: 7 }, end: { line: 1, column: 15 } }],
        ["/b", { start: { line: 1, column: 22 }, end: { line: 1, column: 23 } }],
      ]),
    );
    expect(locateAll(text, ["/a/b", "/b"])).toEqual(
      new Map([
        ["/a/b", { start: { line: 2, column: 12 }, end: { line: 2, column: 13 } }],
        ["/b", { start: { line: 2, column: 21 }, end: { line: 2, column: 22 } }],
      ]),
    );
  });

  it("forgets what it found inside a value that a later duplicate key replaced", () => {
    for (const text of ['{"a": {"b": 1}, "a": {"c": 2}}', '{"a": {"b": 1}, "a": 5}', '{"a": [[1], 2], "a": []}']) {
      const locate = createLocator(text);
      const found = locateAll(text, ["/a/b", "/a/0/0", "/a"]);
      for (const p of ["/a/b", "/a/0/0", "/a"]) expect(found.get(p), `${text} ${p}`).toEqual(locate(p));
    }
  });

  it("places spans inside a string after escapes (\\n, \\\", \\uXXXX, a surrogate pair), and the value's range when no string is there", () => {
    const text = '{"p": "a\\n\\"b\\u00e9\\ud83d\\ude00 {{x}} {{y}}", "q": 5}';
    const decoded = (JSON.parse(text) as { p: string }).p;
    const x = { start: decoded.indexOf("{{x}}"), end: decoded.indexOf("{{x}}") + 5 };
    const y = { start: decoded.indexOf("{{y}}"), end: decoded.length };
    const found = locateAll(text, ["/p", "/q"], {
      spans: new Map([
        ["/p", [x, y]],
        ["/q", [{ start: 0, end: 1 }]],
      ]),
    });
    expect(found.get(toSpanKey("/p", x))).toEqual({
      start: { line: 1, column: text.indexOf("{{x}}") + 1 },
      end: { line: 1, column: text.indexOf("{{x}}") + 6 },
    });
    expect(found.get(toSpanKey("/p", y))!.start.column).toBe(text.indexOf("{{y}}") + 1);
    expect(found.get(toSpanKey("/q", { start: 0, end: 1 }))).toBeUndefined();
  });
});
