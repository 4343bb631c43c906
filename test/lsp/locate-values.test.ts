// The server's one-pass placement of many pointers agrees with the parse layer's locator, and the cursor's path read back from any place is the value's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineStarts, locateAll, toSpanKey } from "../../src/parse/index.js";
import { getTokenAt, toPointer } from "../../src/lsp/json-position.js";
import { locateValues, toValueSpanKey } from "../../src/lsp/locate-values.js";

function pointersOf(value: unknown, prefix = "", out: string[] = []): string[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pointersOf(v, `${prefix}/${i}`, out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) pointersOf(v, `${prefix}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, out);
  return out;
}

function valueAt(value: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((at, step) => (at as Record<string, unknown>)[step], value);
}

const json = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.boolean()).map(([value, pretty]) => JSON.stringify(value, null, pretty ? 2 : undefined));

describe("locateValues", () => {
  it("places every pointer of any JSON text where the parse layer's locator does", () => {
    fc.assert(
      fc.property(json, (text) => {
        const pointers = pointersOf(JSON.parse(text));
        const expected = locateAll(text, pointers);
        const found = locateValues(text, new Set(pointers));
        for (const p of pointers) expect(found.get(p), p).toEqual(expected.get(p));
      }),
      { numRuns: 300 },
    );
  });

  it("places spans inside strings with escapes where the parse layer does", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), fc.nat(), fc.nat(), (s, a, b) => {
        const text = JSON.stringify({ k: [s] }, null, 2);
        const [start, end] = [Math.min(a, b) % (s.length + 1), Math.max(a, b) % (s.length + 1)].sort((x, y) => x - y) as [number, number];
        const span = { start, end };
        const expected = locateAll(text, ["/k/0"], { spans: new Map([["/k/0", [span]]]) }).get(toSpanKey("/k/0", span));
        const found = locateValues(text, new Set(), new Map([["/k/0", [span]]])).get(toValueSpanKey("/k/0", span));
        expect(found).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe("getTokenAt", () => {
  it("reads back the pointer of the string value under the cursor, anywhere inside it, in any JSON text", () => {
    fc.assert(
      fc.property(json, (text) => {
        const value = JSON.parse(text) as unknown;
        const starts = lineStarts(text);
        const found = locateValues(text, new Set(pointersOf(value)));
        for (const [pointer, range] of found) {
          if (typeof valueAt(value, pointer) !== "string" || range.start.line !== range.end.line) continue;
          const from = starts[range.start.line - 1]! + range.start.column - 1;
          const to = starts[range.end.line - 1]! + range.end.column - 1;
          for (const offset of [from, Math.floor((from + to) / 2), to - 1]) {
            const token = getTokenAt(text, offset);
            expect(token && toPointer(token.path), `${pointer} at ${offset}`).toBe(pointer);
            expect(token?.kind).toBe("string");
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("never throws on text being typed: every prefix of any JSON text, at every offset", () => {
    fc.assert(
      fc.property(json, fc.nat(), (text, cut) => {
        const prefix = text.slice(0, cut % (text.length + 1));
        for (let offset = 0; offset <= prefix.length; offset += 3) getTokenAt(prefix, offset);
      }),
      { numRuns: 200 },
    );
  });
});
