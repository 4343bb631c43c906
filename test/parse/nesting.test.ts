// Deeply nested documents: refused with one clear, placed error at any depth, never a stack overflow.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/parse/index.js";
import { findDeepNesting, MAX_NESTING_DEPTH } from "../../src/parse/nesting.js";

function nested(depth: number, open: string, close: string): string {
  return open.repeat(depth) + close.repeat(depth);
}

describe("findDeepNesting", () => {
  it.each([
    { name: "a scalar", value: 1, deep: false },
    { name: "an empty object", value: {}, deep: false },
    { name: "exactly the limit", value: JSON.parse(nested(MAX_NESTING_DEPTH, "[", "]")), deep: false },
    { name: "one past the limit", value: JSON.parse(nested(MAX_NESTING_DEPTH + 1, "[", "]")), deep: true },
  ])("$name: deep is $deep", ({ value, deep }) => {
    expect(findDeepNesting(value) !== undefined).toBe(deep);
  });

  it("names the depth and the path to the first container past the limit", () => {
    const value = { nodes: [{ data: JSON.parse(nested(300, '{"a":', "}").replace(/\{"a":\}/, '{"a":1}')) }] };
    const found = findDeepNesting(value)!;
    expect(found.depth).toBe(303);
    expect(found.pointer.startsWith("/nodes/0/data/a/a")).toBe(true);
  });
});

describe("parseDocument on deep documents", () => {
  it("reports data nested 100,000 deep as one nesting-depth error at its line and column", () => {
    const text = `{\n  "nodes": [],\n  "extra": ${nested(100_000, "[", "]")}\n}`;
    const parsed = parseDocument(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.diagnostics).toHaveLength(1);
    const [d] = parsed.diagnostics;
    expect(d).toMatchObject({ ruleId: "nesting-depth", severity: "error", pointer: "/extra/0/0/0/0/0", range: { start: { line: 3, column: 17 } } });
    expect(d!.message).toMatch(/nested 100001 levels deep at \/extra\/0\/0\/0\/0\/0\/…; pathwaykit reads at most 256 levels/);
  });

  it("keeps reading ordinary documents", () => {
    expect(parseDocument('{"nodes": [{"id": "a", "data": {"x": [[1]]}}]}').ok).toBe(true);
  });
});
