// JSON pointers: escaping per RFC 6901, and building then parsing gives the segments back.
import fc from "fast-check";
import { expect, it } from "vitest";
import { escapeToken, parsePointer, toPointer } from "../../src/diagnostics/index.js";

it.each([
  ["plain", "plain"],
  ["a/b", "a~1b"],
  ["m~n", "m~0n"],
  ["~/~1", "~0~1~01"],
  ["", ""],
  [17, "17"],
])("escapes %j as %j", (token, escaped) => {
  expect(escapeToken(token)).toBe(escaped);
});

it("builds pointers that parse back to the same segments", () => {
  expect(toPointer(["nodes", 3, "data", "a/b"])).toBe("/nodes/3/data/a~1b");
  expect(toPointer([])).toBe("");
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.string({ unit: fc.constantFrom("a", "~", "/", "0", "1", " ") }), fc.nat())), (segments) => {
      expect(parsePointer(toPointer(segments))).toEqual(segments.map(String));
    }),
  );
});
