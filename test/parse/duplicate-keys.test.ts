// duplicate-key: a repeated key is reported where it repeats, and JSON written by JSON.stringify never trips it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/parse/index.js";
import { marked } from "../support/marked.js";

describe("duplicate-key", () => {
  it("reports each repeated key at its second occurrence, with its pointer", () => {
    const { text, marks } = marked('{"nodes": [{"id": "a", "data": {"text": "hi", «"text": "bye"}}],\n«"nodes": []}');
    const found = parseDocument(text).diagnostics;
    expect(found.map((d) => [d.ruleId, d.severity, d.pointer, d.range?.start])).toEqual([
      ["duplicate-key", "warning", "/nodes", marks[1]],
      ["duplicate-key", "warning", "/nodes/0/data/text", marks[0]],
    ]);
    expect(found[0]!.message).toMatch(/Key "nodes" appears more than once.*the earlier one is lost/);
  });

  it("is not fooled by colons and escaped quotes inside strings", () => {
    expect(parseDocument('{"a": "x:y\\":z", "b": {"c:": ":"}}').diagnostics).toEqual([]);
  });

  it("never reports a document JSON.stringify wrote (its keys are unique)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(parseDocument(JSON.stringify(value, null, 1)).diagnostics).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
