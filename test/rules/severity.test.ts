// One severity resolver: a rule's default, then config or --rule overrides; "off" skips it, and file findings follow it too.
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { applySeverities, resolveRuleSetting, settingsFrom, toRuleSeverity } from "../../src/rules/index.js";

describe("resolveRuleSetting", () => {
  const table: [string, Parameters<typeof resolveRuleSetting>[2], unknown][] = [
    ["the default without overrides", undefined, { severity: "error" }],
    ["the default when another rule is overridden", { other: "off" }, { severity: "error" }],
    ["a severity override", { "dead-end": "warning" }, { severity: "warning" }],
    ["off", { "dead-end": "off" }, { severity: "off" }],
    ["a severity with options", { "dead-end": { severity: "info", options: { maxLength: 5 } } }, { severity: "info", options: { maxLength: 5 } }],
    ["not a key inherited from Object.prototype", {}, { severity: "error" }],
  ];
  for (const [name, overrides, expected] of table) {
    it(`gives ${name}`, () => {
      expect(resolveRuleSetting(name.startsWith("not") ? "toString" : "dead-end", "error", overrides)).toEqual(expected);
    });
  }

  it("is what settingsFrom hands the runner for each rule's meta", () => {
    const settingFor = settingsFrom({ a: "off" });
    expect(settingFor({ id: "a", defaultSeverity: "error" })).toEqual({ severity: "off" });
    expect(settingFor({ id: "b", defaultSeverity: "warning" })).toEqual({ severity: "warning" });
  });
});

describe("toRuleSeverity", () => {
  it("reads config and command-line names", () => {
    expect(["off", "warn", "warning", "error", "info"].map((n) => toRuleSeverity(n as "off"))).toEqual(["off", "warning", "warning", "error", "info"]);
  });
});

describe("applySeverities", () => {
  const found: Diagnostic[] = [
    { ruleId: "duplicate-key", severity: "warning", message: "m", pointer: "/a" },
    { ruleId: "byte-order-mark", severity: "warning", message: "m", pointer: "" },
  ];

  it("gives findings reported while reading a file their configured severity, and drops those set off", () => {
    expect(applySeverities(found, { "duplicate-key": "error", "byte-order-mark": "off" })).toEqual([{ ...found[0], severity: "error" }]);
  });

  it("keeps every finding as it is without overrides", () => {
    expect(applySeverities(found)).toEqual(found);
  });
});
