// The one runner and placement: rules run with their resolved settings, messages come from meta by id, ranges from the text.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseDocument } from "../../src/parse/index.js";
import { locateDiagnostics, ruleDefiner, runRules, settingsFrom } from "../../src/rules/index.js";

interface Ctx {
  values: readonly number[];
}
const defineRule = ruleDefiner<Ctx>();

const tooBig = defineRule({
  meta: {
    id: "too-big",
    description: "Values are at most `max`.",
    defaultSeverity: "warning",
    set: "lint",
    options: z.object({ max: z.number().default(10) }),
    messages: { tooBig: "Value {{value}} at {{index}} is over {{max}}." },
  },
  check({ values }, report, { max }) {
    values.forEach((value, index) => {
      if (value > max) report({ pointer: `/values/${index}`, messageId: "tooBig", data: { value, index, max } });
    });
  },
});

const negative = defineRule({
  meta: {
    id: "negative",
    description: "No value is negative.",
    defaultSeverity: "error",
    set: "validate",
    messages: { negative: "Value {{value}} is negative." },
  },
  check({ values }, report) {
    values.forEach((value, index) => {
      if (value < 0) report({ pointer: `/values/${index}`, messageId: "negative", data: { value } });
    });
  },
});

describe("runRules", () => {
  const context = { values: [1, 20, -3] };

  it("fills each message from the rule's meta and adds rule id, severity and docs url", () => {
    expect(runRules(context, [tooBig, negative], settingsFrom())).toEqual([
      {
        ruleId: "too-big",
        severity: "warning",
        message: "Value 20 at 1 is over 10.",
        pointer: "/values/1",
        url: "https://github.com/pathwaykit/pathwaykit/blob/main/docs/rules/too-big.md",
      },
      {
        ruleId: "negative",
        severity: "error",
        message: "Value -3 is negative.",
        pointer: "/values/2",
        url: "https://github.com/pathwaykit/pathwaykit/blob/main/docs/rules/negative.md",
      },
    ]);
  });

  it("skips a rule set off and passes a rule its configured options", () => {
    const found = runRules(context, [tooBig, negative], settingsFrom({ negative: "off", "too-big": { severity: "error", options: { max: 0 } } }));
    expect(found.map((d) => [d.ruleId, d.severity, d.message])).toEqual([
      ["too-big", "error", "Value 1 at 0 is over 0."],
      ["too-big", "error", "Value 20 at 1 is over 0."],
    ]);
  });

  it("fills in defaults a rule declares: no options, not fixable, the docs page of its id", () => {
    expect(negative.meta).toMatchObject({ docs: "https://github.com/pathwaykit/pathwaykit/blob/main/docs/rules/negative.md" });
    expect(negative.meta.fixable).toBeUndefined();
    expect(negative.meta.options.safeParse({ extra: 1 }).success).toBe(false);
  });
});

describe("locateDiagnostics", () => {
  it("places findings at their pointers in the source text, with one pass for them all", () => {
    const parsed = parseDocument('{\n  "values": [1,\n    20, -3]\n}');
    if (!parsed.ok) throw new Error("parses");
    const found = locateDiagnostics(runRules(parsed.value as Ctx, [tooBig, negative], settingsFrom()), parsed.locateMany);
    expect(found.map((d) => [d.pointer, d.range?.start])).toEqual([
      ["/values/1", { line: 3, column: 5 }],
      ["/values/2", { line: 3, column: 9 }],
    ]);
  });
});
