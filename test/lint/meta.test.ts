// Every lint rule has a table test and a registry entry; the registry is sorted and metadata is complete.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { allRuleMetas, lintRules } from "../../src/lint/index.js";
import { validationRuleMetas } from "../../src/validate/index.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RULES_SRC = path.resolve(HERE, "../../src/lint/rules");

describe("lint rule registry", () => {
  const files = readdirSync(RULES_SRC)
    .filter((f) => f.endsWith(".ts") && f !== "helpers.ts")
    .map((f) => f.replace(/\.ts$/, ""))
    .sort();

  it("lists every rule file, sorted by id, with the file named after the rule", () => {
    expect(lintRules.map((r) => r.meta.id)).toEqual(files);
  });

  it("has a table test for every rule", () => {
    for (const id of files) expect(existsSync(path.join(HERE, "rules", `${id}.test.ts`)), `${id}.test.ts`).toBe(true);
  });

  it("gives every rule a description, severity, docs page and options schema with defaults", () => {
    for (const { meta } of lintRules) {
      expect(meta.description.length).toBeGreaterThan(10);
      // info: notes that say what is not documented (hyphenated-variable-name), never a failure.
      expect(["error", "warning", "info"]).toContain(meta.defaultSeverity);
      expect(meta.docs).toMatch(new RegExp(`/docs/rules/${meta.id}\\.md$`));
      expect(meta.options.safeParse({}).success).toBe(true);
    }
  });

  it("includes the validation rules without duplicating any id, sorted", () => {
    const ids = allRuleMetas.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
    for (const m of validationRuleMetas) expect(ids).toContain(m.id);
    for (const id of ["transfer-number-format", "global-label-empty", "unknown-node-type"]) expect(ids.filter((x) => x === id)).toHaveLength(1);
  });
});
