// The one structured-file reader: JSON and YAML give the same value, the same Diagnostics and the same key paths.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatKeyPath, readJsonStructured, toSchemaDiagnostics } from "../../src/parse/index.js";
import { readYamlStructured } from "../../src/parse/structured-yaml.js";
import "../support/fast-check-seed.js";

const Schema = z.strictObject({ name: z.string(), items: z.array(z.strictObject({ id: z.string(), n: z.number().optional() })).default([]) });
const options = { schema: Schema, emptyMessage: "the file is empty", unknownKeyHint: "check the spelling" };

describe("formatKeyPath", () => {
  it.each([
    { path: [], key: "" },
    { path: ["name"], key: "name" },
    { path: ["items", 0, "id"], key: "items[0].id" },
    { path: [0, 1], key: "[0][1]" },
    { path: ["rules", "dead-end"], key: "rules.dead-end" },
  ])("prints $path as $key", ({ path, key }) => {
    expect(formatKeyPath(path)).toBe(key);
  });
});

describe("toSchemaDiagnostics", () => {
  it.each([
    {
      name: "an unknown key, with the hint, at the key",
      value: { name: "a", items: [{ id: "x", nn: 1 }] },
      pointer: "/items/0/nn",
      message: 'unknown key "nn" in items[0]; check the spelling',
    },
    { name: "an unknown key at the top", value: { name: "a", extra: 1 }, pointer: "/extra", message: 'unknown key "extra"; check the spelling' },
    { name: "a missing key", value: { items: [] }, pointer: "/name", message: "name: required, missing" },
    {
      name: "a wrong type",
      value: { name: "a", items: [{ id: 3 }] },
      pointer: "/items/0/id",
      message: /^items\[0\]\.id: Invalid input: expected string, received number$/,
    },
    { name: "a value that is not an object", value: [], pointer: "", message: /^Invalid input: expected object/ },
  ])("maps $name", ({ value, pointer, message }) => {
    const parsed = Schema.safeParse(value);
    expect(parsed.success).toBe(false);
    const [d, ...rest] = toSchemaDiagnostics(parsed.error!.issues, { unknownKeyHint: "check the spelling" });
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ ruleId: "schema", severity: "error", pointer, message });
  });
});

describe("readJsonStructured and readYamlStructured", () => {
  it("place a JSON syntax error at its line and column", () => {
    const read = readJsonStructured('{\n  "name": "a",\n}', options);
    expect(read).toMatchObject({ ok: false, diagnostics: [{ ruleId: "parse-error", range: { start: { line: 2, column: 14 } }, message: /Trailing comma/ }] });
  });

  it("place a schema problem at its line in either syntax", () => {
    const json = readJsonStructured('{\n  "name": "a",\n  "items": [\n    {"id": 3}\n  ]\n}', options);
    const yaml = readYamlStructured("name: a\nitems:\n  - id: 3\n", options);
    expect(json).toMatchObject({ ok: false, diagnostics: [{ pointer: "/items/0/id", range: { start: { line: 4, column: 12 } } }] });
    expect(yaml).toMatchObject({ ok: false, diagnostics: [{ pointer: "/items/0/id", range: { start: { line: 3, column: 9 } } }] });
    expect(!json.ok && json.diagnostics[0]!.message).toBe(!yaml.ok && yaml.diagnostics[0]!.message);
  });

  it("say the empty-file message for an empty file", () => {
    expect(readJsonStructured(" \n", options)).toMatchObject({ ok: false, diagnostics: [{ message: "the file is empty" }] });
    expect(readYamlStructured("# nothing\n", options)).toMatchObject({ ok: false, diagnostics: [{ message: "the file is empty" }] });
  });

  it("skip a byte-order mark before JSON", () => {
    expect(readJsonStructured('\uFEFF{"name": "a"}', options)).toMatchObject({ ok: true, value: { name: "a", items: [] } });
  });

  it("give the same value and the same problems for any JSON text, read as JSON or as YAML", () => {
    const item = fc.record(
      { id: fc.oneof(fc.string(), fc.integer()), n: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: undefined }) },
      { requiredKeys: ["id"] },
    );
    const value = fc.record({ name: fc.oneof(fc.string(), fc.constant(undefined)), items: fc.array(item, { maxLength: 3 }) });
    fc.assert(
      fc.property(value, (v) => {
        const text = JSON.stringify(v, null, 2);
        const json = readJsonStructured(text, options);
        const yaml = readYamlStructured(text, options);
        expect(yaml.ok).toBe(json.ok);
        if (json.ok && yaml.ok) expect(yaml.value).toEqual(json.value);
        if (!json.ok && !yaml.ok)
          expect(yaml.diagnostics.map((d) => [d.pointer, d.message, d.range?.start.line])).toEqual(
            json.diagnostics.map((d) => [d.pointer, d.message, d.range?.start.line]),
          );
      }),
      { numRuns: 100 },
    );
  });
});
