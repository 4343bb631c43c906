// Every request rule has its file, a table test whose cases quote the seed, a registry entry and a page of its own; ids never clash.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allRuleMetas } from "../../src/lint/index.js";
import { requestRuleMetas, requestRules } from "../../src/requests/index.js";
import { ROOT } from "../support/cli.js";

const RULES_SRC = path.join(ROOT, "src/requests/rules");
const TESTS = path.join(ROOT, "test/requests/rules");

describe("request rule registry", () => {
  const files = readdirSync(RULES_SRC)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => f.replace(/\.ts$/, ""))
    .sort();

  it("lists every rule file, sorted by id, with the file named after the rule", () => {
    expect(requestRules.map((r) => r.meta.id)).toEqual(files);
  });

  // v2 batches are not in the seed: their cases name the endpoint whose public reference page documents them.
  it("has a table test for every rule, and every case names the seed part (or the v2 endpoint) it comes from", () => {
    for (const id of files) {
      const file = path.join(TESTS, `${id}.test.ts`);
      expect(existsSync(file), `${id}.test.ts`).toBe(true);
      const names = [...readFileSync(file, "utf8").matchAll(/\bname: "([^"]*)"/g)].map((m) => m[1]!);
      expect(names.length, `${id} has cases`).toBeGreaterThan(1);
      for (const name of names) expect(name, `${id}: "${name}"`).toMatch(/^(seed (\d\.\d|part \d)|POST \/v2\/batches\/create)/);
    }
  });

  it("gives every rule a description, severity, kinds and a page under docs/rules/; no id is also a lint rule's", () => {
    const lintIds = new Set(allRuleMetas.map((m) => m.id));
    for (const meta of requestRuleMetas) {
      expect(meta.description.length).toBeGreaterThan(10);
      expect(["error", "warning", "info"]).toContain(meta.defaultSeverity);
      expect(meta.kinds.length).toBeGreaterThan(0);
      expect(existsSync(path.join(ROOT, "docs/rules", `${meta.id}.md`)), meta.id).toBe(true);
      expect(lintIds.has(meta.id), meta.id).toBe(false);
    }
  });
});
