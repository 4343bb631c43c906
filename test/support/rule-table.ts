// Table-driven rule tests: valid texts report nothing for the rule; invalid texts report exactly the marked places.
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { marked } from "./marked.js";

/** An invalid case: a text with one `«` per expected finding, and the pointer (and message part) of each. */
export interface InvalidCase {
  name: string;
  text: string;
  findings: { pointer: string; message?: RegExp | string }[];
}

/** Runs a rule's table against `run`, which returns every diagnostic for a text (the whole engine, so ranges are real). */
export function ruleTable(
  ruleId: string,
  run: (text: string) => Diagnostic[],
  cases: { valid: { name: string; text: string }[]; invalid: InvalidCase[] },
): void {
  describe(ruleId, () => {
    for (const c of cases.valid) {
      it(`accepts ${c.name}`, () => {
        expect(run(c.text).filter((d) => d.ruleId === ruleId)).toEqual([]);
      });
    }
    for (const c of cases.invalid) {
      it(`reports ${c.name}`, () => {
        const { text, marks } = marked(c.text);
        expect(marks.length, "one « marker per expected finding").toBe(c.findings.length);
        const found = run(text).filter((d) => d.ruleId === ruleId);
        expect(found.map((d) => ({ pointer: d.pointer, line: d.range?.start.line, column: d.range?.start.column }))).toEqual(
          c.findings.map((f, i) => ({ pointer: f.pointer, line: marks[i]!.line, column: marks[i]!.column })),
        );
        c.findings.forEach((f, i) => {
          if (f.message) expect(found[i]!.message).toMatch(f.message);
        });
      });
    }
  });
}
