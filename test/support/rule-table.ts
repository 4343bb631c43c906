// Table-driven rule tests: valid texts report nothing for the rule; invalid texts report exactly the marked places.
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { allRules } from "../../src/lint/index.js";
import { requestRules } from "../../src/requests/index.js";
import { formatMessage, type RuleMeta } from "../../src/rules/index.js";
import { marked } from "./marked.js";

/** A finding an invalid case expects: its pointer, and its message by id and data (or a part of its text). */
export interface ExpectedFinding {
  pointer: string;
  /** The id in the rule's `meta.messages`; with `data`, the message must be exactly that template filled in. */
  messageId?: string;
  data?: Readonly<Record<string, unknown>>;
  message?: RegExp | string;
}

/** An invalid case: a text with one `«` per expected finding, and the pointer (and message) of each. */
export interface InvalidCase {
  name: string;
  text: string;
  findings: ExpectedFinding[];
}

const metas = new Map<string, RuleMeta>([...allRules, ...requestRules].map((r) => [r.meta.id, r.meta]));

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
          if (f.messageId === undefined) return;
          const messages = metas.get(ruleId)?.messages ?? {};
          expect(Object.keys(messages), `${ruleId} declares message ${f.messageId}`).toContain(f.messageId);
          expect(found[i]!.message).toBe(formatMessage(messages[f.messageId]!, f.data));
        });
      });
    }
  });
}
