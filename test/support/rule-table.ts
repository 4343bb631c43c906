// Table-driven rule tests: valid texts report nothing for the rule; invalid texts report exactly the marked places.
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { allRules } from "../../src/lint/index.js";
import { requestRules } from "../../src/requests/index.js";
import { applyFixes, formatMessage, type RuleMeta } from "../../src/rules/index.js";
import { marked } from "./marked.js";

/** A finding an invalid case expects: its pointer, and its message by id and data (or a part of its text). */
export interface ExpectedFinding {
  pointer: string;
  /** The id in the rule's `meta.messages`; with `data`, the message must be exactly that template filled in. */
  messageId?: string;
  data?: Readonly<Record<string, unknown>>;
  message?: RegExp | string;
}

/**
 * An invalid case: a text with one `«` per expected finding, and the pointer (and message) of each. A fixable rule's
 * case says the text its fixes give (`output`, as ESLint's RuleTester: the input again when nothing is fixed); a rule
 * with suggestions lists each one offered, with the text it gives.
 */
export interface InvalidCase {
  name: string;
  text: string;
  findings: ExpectedFinding[];
  output?: string;
  suggestions?: { finding: number; desc: string | RegExp; output: string }[];
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
        const meta = metas.get(ruleId);
        if (meta?.fixable === "code") {
          expect(c.output, `${ruleId} is fixable: the case says its output`).toBeDefined();
          expect(
            applyFixes(
              text,
              found.flatMap((d) => (d.fix ? [d.fix] : [])),
            ).text,
          ).toBe(c.output);
        } else {
          expect(c.output, `${ruleId} is not fixable: no output`).toBeUndefined();
          expect(found.filter((d) => d.fix)).toEqual([]);
        }
        const offered = found.flatMap((d, i) => (d.suggestions ?? []).map((s) => ({ finding: i, desc: s.desc, output: applyFixes(text, [s.fix]).text })));
        expect(offered.length > 0 && meta?.hasSuggestions !== true, `${ruleId} offers suggestions without hasSuggestions`).toBe(false);
        expect(offered.length, "every suggestion offered is listed").toBe(c.suggestions?.length ?? 0);
        (c.suggestions ?? []).forEach((s, i) => {
          expect(offered[i]!.finding).toBe(s.finding);
          expect(offered[i]!.desc).toMatch(s.desc);
          expect(offered[i]!.output).toBe(s.output);
        });
      });
    }
  });
}
