// Messages by id: a template's {{placeholders}} are filled from the report's data once, and unknown ones stay as written.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMessage, getRuleMessage } from "../../src/rules/index.js";
import "../support/fast-check-seed.js";

describe("formatMessage", () => {
  const cases: [string, Record<string, unknown> | undefined, string][] = [
    ["Node {{node}} has no kb.", { node: '"FAQ" (id k)' }, 'Node "FAQ" (id k) has no kb.'],
    ["{{ a }} and {{b}}", { a: 1, b: false }, "1 and false"],
    ["add a {{variable}} here", { node: "x" }, "add a {{variable}} here"],
    ["{{{{name}}}} is unset", { name: "who" }, "{{who}} is unset"],
    ["{{x}}{{x}}", { x: "ab" }, "abab"],
    ["no data {{x}}", undefined, "no data {{x}}"],
    ["{{ unknown }} stays as written", { x: 1 }, "{{ unknown }} stays as written"],
  ];
  for (const [template, data, expected] of cases) {
    it(`fills ${JSON.stringify(template)}`, () => {
      expect(formatMessage(template, data)).toBe(expected);
    });
  }

  it("never scans a value again: a value holding {{other}} is printed as it is", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (value, other) => {
        expect(formatMessage("[{{a}}]", { a: value, b: other })).toBe(`[${value}]`);
        expect(formatMessage("[{{a}}]", { a: `{{b}}${value}`, b: other })).toBe(`[{{b}}${value}]`);
      }),
    );
  });

  it("fills what one regular-expression pass would, for any template and data (the template is split once and cached)", () => {
    const reference = (template: string, data: Record<string, unknown>) =>
      template.replace(/\{\{\s*([A-Za-z_$][\w$]*)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(data, name) ? String(data[name]) : whole));
    const piece = fc.oneof(fc.string(), fc.constantFrom("{{a}}", "{{ b }}", "{{c}}", "{", "}}", "{{"));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.dictionary(fc.constantFrom("a", "b", "d"), fc.oneof(fc.string(), fc.integer())), (pieces, data) => {
        const template = pieces.join("");
        expect(formatMessage(template, data)).toBe(reference(template, data));
      }),
    );
  });

  it("leaves a template without placeholders byte for byte, whatever the data", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes("{{")),
        fc.dictionary(fc.string(), fc.string()),
        (template, data) => {
          expect(formatMessage(template, data)).toBe(template);
        },
      ),
    );
  });
});

describe("getRuleMessage", () => {
  it("throws, naming the rule, when a rule reports a message id its meta does not declare", () => {
    expect(() => getRuleMessage("missing-kb", { missingKb: "x" }, "typo")).toThrow(/Rule missing-kb reported message id "typo"/);
  });
});
