// A file's overrides: its config's settings, then --rule flags over them, merged in one place for lint and check-request.
import { describe, expect, it } from "vitest";
import { withRuleFlags, type RuleOverrides, type RuleSetting } from "../../src/rules/index.js";

describe("withRuleFlags", () => {
  const config: Record<string, RuleSetting> = { "dead-end": { severity: "warning", options: { max: 3 } }, "unused-request-data": { severity: "error" } };
  const table: [string, RuleOverrides | undefined, Record<string, RuleSetting>][] = [
    ["the config's settings without flags", undefined, config],
    ["a flag's severity, keeping the config's options", { "dead-end": "off" }, { ...config, "dead-end": { severity: "off", options: { max: 3 } } }],
    ["a flag for a rule the config does not set", { "trap-cycle": "info" }, { ...config, "trap-cycle": { severity: "info" } }],
    [
      "a flag's whole setting",
      { "dead-end": { severity: "error", options: { max: 1 } } },
      { ...config, "dead-end": { severity: "error", options: { max: 1 } } },
    ],
    // JSON, as a config or flags give it: a literal `toString` key is typed as Object.prototype's method.
    [
      "a flag named like an Object.prototype key as a rule of its own",
      JSON.parse('{"toString": "off"}') as RuleOverrides,
      { ...config, ...(JSON.parse('{"toString": {"severity": "off"}}') as Record<string, RuleSetting>) },
    ],
  ];
  for (const [name, flags, expected] of table) {
    it(`gives ${name}`, () => {
      expect(withRuleFlags(config, flags)).toEqual(expected);
    });
  }

  it("leaves the config's settings as they were", () => {
    const before = structuredClone(config);
    withRuleFlags(config, { "dead-end": "off" });
    expect(config).toEqual(before);
  });
});
