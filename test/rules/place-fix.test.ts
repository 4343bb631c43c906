// A rule's fix (a new value at a pointer) written into the text: the file parses to the edited value, and nothing else moves.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ValueEdit } from "../../src/diagnostics/index.js";
import { createBatchLocator, lineStarts } from "../../src/parse/index.js";
import { applyFixes } from "../../src/rules/index.js";
import { getEditPointers, toTextFix } from "../../src/rules/place-fix.js";

/** `text` with `edit` written in, as lint --fix writes it. */
function fixText(text: string, edit: ValueEdit): string {
  const ranges = createBatchLocator(text)(getEditPointers(edit), edit.span ? new Map([[edit.pointer, [edit.span]]]) : undefined);
  const fix = toTextFix(edit, ranges, text, lineStarts(text));
  if (!fix) throw new Error("no fix");
  return applyFixes(text, [fix]).text;
}

/** Every pointer to a value inside `value`, with the value. */
function leaves(value: unknown, pointer = ""): { pointer: string; value: unknown }[] {
  const here = [{ pointer, value }];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => leaves(v, `${pointer}/${i}`))];
  if (value !== null && typeof value === "object")
    return [...here, ...Object.entries(value).flatMap(([k, v]) => leaves(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`))];
  return here;
}

function setAt(value: unknown, pointer: string, next: unknown): unknown {
  if (pointer === "") return next;
  const [head, ...rest] = pointer.slice(1).split("/");
  const key = head!.replace(/~1/g, "/").replace(/~0/g, "~");
  const child = rest.length ? `/${rest.join("/")}` : "";
  if (Array.isArray(value)) return value.map((v, i) => (i === Number(key) ? setAt(v, child, next) : v));
  return { ...(value as object), [key]: setAt((value as Record<string, unknown>)[key], child, next) };
}

describe("a fix written into the text", () => {
  it("gives, for any document, indent and value, the document with just that value replaced", () => {
    const doc = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 5 });
    fc.assert(
      fc.property(doc, fc.constantFrom(0, 2, "\t", " "), fc.nat(), fc.jsonValue({ maxDepth: 2 }), (value, indent, pick, next) => {
        const text = JSON.stringify(value, null, indent);
        const places = leaves(value).filter((l) => l.pointer !== "");
        const place = places[pick % places.length]!;
        const fixed = fixText(text, { pointer: place.pointer, value: next });
        expect(JSON.parse(fixed)).toEqual(JSON.parse(JSON.stringify(setAt(value, place.pointer, next))));
        // Only the value's characters changed: what came before it is the same text.
        expect(fixed.startsWith(text.slice(0, text.length - text.trimStart().length))).toBe(true);
      }),
    );
  });

  it("adds a member first in an object, indented as the member after it, or into an empty one", () => {
    expect(fixText('{\n  "data": {\n    "name": "A"\n  }\n}', { pointer: "/data", key: "isStart", value: true })).toBe(
      '{\n  "data": {\n    "isStart": true,\n    "name": "A"\n  }\n}',
    );
    expect(fixText('{"data": {"name": "A"}}', { pointer: "/data", key: "isStart", value: true })).toBe('{"data": {"isStart": true,"name": "A"}}');
    expect(fixText('{"data": { }}', { pointer: "/data", key: "isStart", value: true })).toBe('{"data": {"isStart": true}}');
    expect(fixText('{"data": {"isStart": false}}', { pointer: "/data", key: "isStart", value: true })).toBe('{"data": {"isStart": true}}');
  });

  it("rewrites part of a string, after escapes, as JSON string content", () => {
    const text = '{"p": "caf\\u00e9 {{ nme }} \\"q\\""}';
    const start = "café ".length;
    expect(fixText(text, { pointer: "/p", span: { start, end: start + "{{ nme }}".length }, value: '{{name}} "x"' })).toBe(
      '{"p": "caf\\u00e9 {{name}} \\"x\\" \\"q\\""}',
    );
  });
});

describe("applyFixes", () => {
  it("applies fixes in order and skips one that overlaps or touches an earlier one", () => {
    expect(
      applyFixes("abcdef", [
        { range: [4, 5], text: "E" },
        { range: [0, 1], text: "A" },
      ]),
    ).toEqual({ text: "AbcdEf", applied: 2, skipped: 0 });
    expect(
      applyFixes("abcdef", [
        { range: [0, 2], text: "X" },
        { range: [1, 3], text: "Y" },
        { range: [2, 3], text: "Z" },
      ]),
    ).toEqual({ text: "Xcdef", applied: 1, skipped: 2 });
  });
});
