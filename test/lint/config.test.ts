// pathway.config.json: validation with errors naming the key, overrides, ignores, variables and suppressions.
import { describe, expect, it } from "vitest";
import { allRuleMetas, getFileLintSettings, LintConfigError, lintPathway, resolveLintConfig } from "../../src/lint/index.js";
import { END, START, pathwayText } from "../support/pathway-text.js";

const resolve = (raw: unknown) => resolveLintConfig(raw, allRuleMetas);
const errorKey = (raw: unknown): string => {
  try {
    resolve(raw);
  } catch (error) {
    if (error instanceof LintConfigError) return error.key;
    throw error;
  }
  throw new Error("expected a config error");
};

describe("resolveLintConfig", () => {
  it("reads severities in both forms, with options checked and defaulted", () => {
    const config = resolve({ rules: { "dead-end": "warn", "prompt-too-long": ["error", { maxLength: 500 }], "unreachable-node": ["off"] } });
    expect(config.rules).toEqual({
      "dead-end": { severity: "warning", options: {} },
      "prompt-too-long": { severity: "error", options: { maxLength: 500 } },
      "unreachable-node": { severity: "off", options: {} },
    });
  });

  it.each([
    [{ rules: { "no-such-rule": "error" } }, "rules.no-such-rule"],
    [{ rules: { "dead-end": "loud" } }, "rules.dead-end"],
    [{ rules: { "prompt-too-long": ["error", { maxLength: -1 }] } }, "rules.prompt-too-long[1].maxLength"],
    [{ rules: { "prompt-too-long": ["error", { maxLenght: 5 }] } }, "rules.prompt-too-long[1]"],
    [{ overrides: [{ files: "a/*.json", rules: { nope: "off" } }] }, "overrides[0].rules.nope"],
    [{ variables: { requestData: [1] } }, "variables.requestData[0]"],
    [{ suppressions: [{ file: "a.json", rule: "dead-end", reason: " " }] }, "suppressions[0].reason"],
    [{ suppressions: [{ file: "a.json", rule: "nope", reason: "x" }] }, "suppressions[0].rule"],
    [{ rulez: {} }, "rulez"],
    [{ variables: { requestDta: [] } }, "variables.requestDta"],
    [[], ""],
  ])("names the key at fault in %j", (raw, key) => {
    expect(errorKey(raw)).toBe(key);
  });

  it("says what is wrong in the message", () => {
    expect(() => resolve({ rules: { "dead-end": "loud" } })).toThrow(/"rules.dead-end": expected "off", "warn", "error"/);
  });
});

describe("getFileLintSettings", () => {
  const config = resolve({
    rules: { "dead-end": "warn" },
    overrides: [{ files: ["legacy/**"], rules: { "dead-end": "off" } }],
    ignore: ["drafts/**"],
    suppressions: [{ file: "main.json", nodeId: "n1", rule: "dead-end", reason: "kept on purpose" }],
  });

  it("applies overrides whose globs match the file", () => {
    expect(getFileLintSettings(config, "legacy/old.json").rules["dead-end"]!.severity).toBe("off");
    expect(getFileLintSettings(config, "main.json").rules["dead-end"]!.severity).toBe("warning");
  });

  it("ignores files matching the ignore globs", () => {
    expect(getFileLintSettings(config, "drafts/x.json").ignored).toBe(true);
    expect(getFileLintSettings(config, "main.json").ignored).toBe(false);
  });

  it("keeps only the suppressions for the file", () => {
    expect(getFileLintSettings(config, "main.json").suppressions).toHaveLength(1);
    expect(getFileLintSettings(config, "other.json").suppressions).toHaveLength(0);
  });
});

describe("suppressions", () => {
  const text = pathwayText(
    [START, END, `{"id": "n1", "type": "Default", "data": {"text": "x"}}`, `{"id": "n2", "type": "Default", "data": {"text": "y"}}`],
    [
      `{"id": "e1", "source": "start", "target": "end", "label": "bye"}`,
      `{"id": "e2", "source": "start", "target": "n1", "label": "one"}`,
      `{"id": "e3", "source": "start", "target": "n2", "label": "two"}`,
    ],
  );

  it("hides the finding at the named node, with its reason, and keeps the others", () => {
    const result = lintPathway(text, { suppressions: [{ file: "x", nodeId: "n1", rule: "dead-end", reason: "filled in later" }] });
    expect(result.diagnostics.filter((d) => d.ruleId === "dead-end").map((d) => d.pointer)).toEqual(["/nodes/3"]);
    expect(result.suppressed.map((s) => [s.diagnostic.pointer, s.reason])).toEqual([["/nodes/2", "filled in later"]]);
    expect(result.suppressed[0]!.diagnostic.range?.start.line).toBe(4);
  });

  it("hides every finding of the rule in the file when no node is named", () => {
    const result = lintPathway(text, { suppressions: [{ file: "x", rule: "dead-end", reason: "draft" }] });
    expect(result.diagnostics.filter((d) => d.ruleId === "dead-end")).toEqual([]);
  });
});
