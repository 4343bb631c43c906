// duplicate-key: a repeated key is reported where it repeats, and JSON written by JSON.stringify never trips it.
import { parse as parseTree, type AnyNode } from "@humanwhocodes/momoa";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { escapeToken } from "../../src/diagnostics/index.js";
import { countKeyColons, countKeys, countMembers, findDuplicateKeys } from "../../src/parse/duplicate-keys.js";
import { createBatchLocator, createLocator, parseDocument, parseJson } from "../../src/parse/index.js";
import { locateAll } from "../../src/parse/locate-all.js";
import { marked } from "../support/marked.js";
import { createTreeLocator } from "../support/tree-locator.js";

// Watched, not replaced: to see whether parsing lets locating stop early, which changes no answer, only the work done.
vi.mock(import("../../src/parse/locate-all.js"), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, locateAll: vi.fn(original.locateAll) };
});

// JSON text built piece by piece, to trip a colon count: colons inside strings, escaped quotes and backslashes before
// them, strings opening with a colon, `\u003a` for a colon, any whitespace around colons, and keys that often repeat
// (also as "a" and "\u0061", which JSON.parse takes for the same key).
const ws = fc.constantFrom("", " ", "\n  ", "\t", "\r\n");
const jsonString = (pieces: string[], maxLength: number) => fc.array(fc.constantFrom(...pieces), { maxLength }).map((p) => `"${p.join("")}"`);
const key = jsonString(["a", ":", " ", '\\"', "\\\\", "\\u003a", "\\u0061"], 2);
const scalar = fc.oneof(jsonString(["a", ":", " ", '\\"', "\\\\", "\\u003a", "{", "]"], 5), fc.constantFrom("0", "-1.5e3", "true", "null"));
const { value: jsonText } = fc.letrec<{ value: string; object: string; array: string }>((tie) => ({
  value: fc.oneof({ depthSize: "small" }, scalar, tie("object"), tie("array")),
  object: fc
    .array(fc.tuple(ws, key, ws, ws, tie("value"), ws), { maxLength: 4 })
    .map((members) => `{${members.map(([a, k, b, c, v, d]) => `${a}${k}${b}:${c}${v}${d}`).join(",")}}`),
  array: fc.array(fc.tuple(ws, tie("value"), ws), { maxLength: 3 }).map((items) => `[${items.map((i) => i.join("")).join(",")}]`),
}));

/** What a position-aware parser sees: members, strings whose raw text opens with spaces and a colon, repeated keys. */
function oracle(text: string) {
  let members = 0;
  let colonFirst = 0;
  const repeats: string[] = [];
  const pointers: string[] = [];
  const stack: { node: AnyNode; pointer: string }[] = [{ node: parseTree(text, { mode: "json" }).body, pointer: "" }];
  while (stack.length) {
    const { node, pointer } = stack.pop()!;
    pointers.push(pointer);
    if (node.type === "String" && /^ *:/.test(text.slice(node.loc.start.offset + 1))) colonFirst++;
    if (node.type === "Array") node.elements.forEach((e, i) => stack.push({ node: e.value, pointer: `${pointer}/${i}` }));
    if (node.type !== "Object") continue;
    const seen = new Set<string>();
    for (const member of node.members) {
      members++;
      if (member.name.type === "String" && /^ *:/.test(text.slice(member.name.loc.start.offset + 1))) colonFirst++;
      const name = member.name.type === "String" ? member.name.value : member.name.name;
      const at = `${pointer}/${escapeToken(name)}`;
      if (seen.has(name)) repeats.push(at);
      seen.add(name);
      stack.push({ node: member.value, pointer: at });
    }
  }
  return { members, colonFirst, repeats: repeats.sort(), pointers };
}

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

  it.each([
    ["colons inside strings", '{"x": "a:b", "y:": 1, "x" : 2}', ["/x"]],
    ["an escaped quote before a colon", '{"k": "a\\":b", "k\\"": 1, "k": {"\\":": 2}}', ["/k"]],
    ["strings opening with a colon, or spaces and a colon", '{"": ":", ":": "  :", " :": [": "]}', []],
    ["the same key once as \\u003a", '{"a\\u003a": 1, "a:": 2, "\\u003a": 3}', ["/a:"]],
    ["a repeat nested deep", `${'{"a": ['.repeat(40)}{"b": 1,\n"b": 2}${"]}".repeat(40)}`, [`${"/a/0".repeat(40)}/b`]],
    ["a lost value full of colons", '{"a": {"x:": ":", "y": {"z": ": :"}, "w": ["::"]}, "a": 1}', ["/a"]],
    ["a repeat inside a lost value", '{"a": {"b": 1, "b": 2}, "a": {"b": 3}}', ["/a", "/a/b"]],
  ])("finds exactly the repeats among %s", (_, text, expected) => {
    const { diagnostics, noDuplicateKeys } = findDuplicateKeys(text, JSON.parse(text));
    expect(diagnostics.map((d) => d.pointer).sort()).toEqual(expected);
    expect(noDuplicateKeys).toBe(expected.length === 0);
  });

  it("counts every member's colon, and besides only colons that open a string", () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const { members, colonFirst, repeats } = oracle(text);
        expect(countKeyColons(text)).toBe(members + colonFirst);
        expect(countMembers(text)).toBe(members);
        if (repeats.length === 0) expect(countKeys(JSON.parse(text))).toBe(members);
        else expect(countKeys(JSON.parse(text))).toBeLessThan(members);
      }),
      { numRuns: 1000 },
    );
  });

  it("counts only own keys even when Object.prototype has gained an enumerable property", () => {
    const value = JSON.parse('{"a": {"b": 1, "__proto__": {"c": 2}}, "d": [{"e": null}]}');
    expect(countKeys(value)).toBe(6);
    (Object.prototype as Record<string, unknown>).polluted = 1;
    try {
      expect(countKeys(value)).toBe(6);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it("reports exactly the repeated keys of any text, and calls the keys unique only when none repeats", () => {
    let withRepeats = 0;
    fc.assert(
      fc.property(jsonText, (text) => {
        const { repeats } = oracle(text);
        if (repeats.length) withRepeats++;
        const { diagnostics, noDuplicateKeys } = findDuplicateKeys(text, JSON.parse(text));
        expect(diagnostics.map((d) => d.pointer).sort()).toEqual(repeats);
        expect(noDuplicateKeys).toBe(repeats.length === 0);
      }),
      { numRuns: 1000 },
    );
    // The property says little unless many texts do repeat a key.
    expect(withRepeats).toBeGreaterThan(100);
  });

  it("locates like the syntax-tree locator in any text, with or without repeats, even pointers into lost values", () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const pointers = oracle(text).pointers.flatMap((p) => [p, `${p}/missing`]);
        const { locate, locateMany } = parseJson(text);
        const tree = createTreeLocator(text);
        const found = locateMany(pointers);
        for (const p of pointers) expect(found.get(p), p).toEqual(tree(p));
        for (const p of pointers.slice(-3)) expect(locate(p), p).toEqual(tree(p));
      }),
      { numRuns: 500 },
    );
  });

  it("does not call keys unique when a repeat is too deep to name, so locating still reads to the last repeat", () => {
    const depth = 100_000;
    const text = `{"a": 1, "d": ${"[".repeat(depth)}${"]".repeat(depth)},\n"a": 2}`;
    expect(findDuplicateKeys(text, JSON.parse(text))).toEqual({ diagnostics: [], noDuplicateKeys: false });
    // parseJson refuses a document this deep (nesting-depth); the locators it would build must still read to the last repeat.
    expect(parseJson(text).diagnostics.map((d) => d.ruleId)).toEqual(["nesting-depth"]);
    const locate = createLocator(text, { noDuplicateKeys: false });
    const locateMany = createBatchLocator(text, { noDuplicateKeys: false });
    expect(locate("/a")).toEqual({ start: { line: 2, column: 6 }, end: { line: 2, column: 7 } });
    expect(locateMany(["/a"]).get("/a")).toEqual({ start: { line: 2, column: 6 }, end: { line: 2, column: 7 } });
    const unrepeated = `{"a": 1, "d": ${'{"x":'.repeat(depth)}1${"}".repeat(depth)}}`;
    expect(findDuplicateKeys(unrepeated, JSON.parse(unrepeated))).toEqual({ diagnostics: [], noDuplicateKeys: true });
  });

  it("proves keys unique from the exact count when the cheap one over-counts, without the deep-recursing parser", () => {
    const depth = 100_000;
    const text = `{"s": " :", "d": ${"[".repeat(depth)}${"]".repeat(depth)}}`;
    expect(countKeyColons(text)).toBe(3);
    expect(findDuplicateKeys(text, JSON.parse(text))).toEqual({ diagnostics: [], noDuplicateKeys: true });
  });

  it("lets locating stop early exactly when no key repeats", () => {
    for (const [text, noDuplicateKeys] of [
      ['{"a": ":", "b": {"a": 1}}', true],
      ['{"a": 1, "b": 2, "a": 3}', false],
    ] as const) {
      const { locate, locateMany } = parseJson(text);
      vi.mocked(locateAll).mockClear();
      locateMany(["/a", "/b"]);
      expect(vi.mocked(locateAll)).toHaveBeenLastCalledWith(text, ["/a", "/b"], { noDuplicateKeys });
      locate("/a");
      expect(vi.mocked(locateAll)).toHaveBeenLastCalledWith(text, ["/a"], { noDuplicateKeys });
    }
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
