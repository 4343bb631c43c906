// TypeScript literals written by the generator evaluate to exactly the JSON value they were made from.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { toIndentedCode, toLiteral, toPropertyKey, toStringLiteral, toTemplateLiteral } from "../../src/codegen/index.js";

/** Evaluates a JavaScript expression (the literals are plain JS too). */
const evaluate = (expression: string): unknown => new Function(`return (${expression});`)();

const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme" }),
  fc.constantFrom("`", "${a}", "\\`", "\r\n", "\u2028", "\ud83d", "a\u0000b"),
);
const json = fc.jsonValue().chain((v) => fc.constant(v));

describe("toLiteral", () => {
  test("evaluates to the same JSON value, __proto__ keys included", () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(isDeepStrictEqual(evaluate(toLiteral(value)), value)).toBe(true);
      }),
      { numRuns: 500 },
    );
    const tricky = JSON.parse('{"__proto__": {"a": 1}, "b-c": [1, -0.5, null]}') as unknown;
    expect(isDeepStrictEqual(evaluate(toLiteral(tricky)), tricky)).toBe(true);
  });

  test("still evaluates to the same value after re-indentation", () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(isDeepStrictEqual(evaluate(toIndentedCode(toLiteral(value))), value)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test("refuses values JSON cannot hold", () => {
    expect(() => toLiteral(Infinity)).toThrow(RangeError);
    expect(() => toLiteral(() => 1)).toThrow(TypeError);
  });
});

describe("string literals", () => {
  test("template and quoted literals evaluate to the exact string", () => {
    fc.assert(
      fc.property(anyString, (s) => {
        expect(evaluate(toTemplateLiteral(s))).toBe(s);
        expect(evaluate(toStringLiteral(s))).toBe(s);
      }),
      { numRuns: 500 },
    );
  });

  test("long or multi-line text becomes a template literal; text with double quotes is single-quoted", () => {
    expect(toStringLiteral("line one\nline two")).toBe("`line one\nline two`");
    expect(toStringLiteral("x".repeat(120)).startsWith("`")).toBe(true);
    expect(toStringLiteral('{"a":"{{b}}"}')).toBe(`'{"a":"{{b}}"}'`);
    expect(toStringLiteral("short")).toBe('"short"');
  });

  test("property keys are bare when they can be, and __proto__ is computed", () => {
    expect(toPropertyKey("name")).toBe("name");
    expect(toPropertyKey("Chosen Pathway")).toBe('"Chosen Pathway"');
    expect(toPropertyKey("__proto__")).toBe('["__proto__"]');
  });
});

describe("toIndentedCode", () => {
  test("indents one level per line that leaves brackets open, and leaves template literal lines alone", () => {
    const code = "call({\na: [\n1,\n],\nb: `x\n  y`,\n})\n.next()";
    expect(toIndentedCode(code)).toBe("call({\n  a: [\n    1,\n  ],\n  b: `x\n  y`,\n})\n.next()");
  });
});
