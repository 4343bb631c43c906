// Every rule, whatever its set, has the one shape: docs from its id, a set, and messages by id that its file reports.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allRuleMetas, allRules } from "../../src/lint/index.js";
import { requestRuleMetas, requestRules } from "../../src/requests/index.js";
import { ruleDocsUrl } from "../../src/rules/index.js";
import { ROOT } from "../support/cli.js";

const FOLDER = { validate: "src/validate/rules", lint: "src/lint/rules", request: "src/requests/rules" } as const;

describe("the one rule shape", () => {
  it("gives every rule of every set its docs page, a set and options", () => {
    for (const meta of [...allRuleMetas, ...requestRuleMetas]) {
      expect(meta.docs, meta.id).toBe(ruleDocsUrl(meta.id));
      expect(["document", "validate", "lint", "request"], meta.id).toContain(meta.set);
      expect(meta.options.safeParse({}).success, meta.id).toBe(true);
    }
  });

  it("has exactly these rules fix (a fix that cannot change a call) and offer suggestions; each table says its output", () => {
    const all = [...allRuleMetas, ...requestRuleMetas];
    expect(all.filter((m) => m.fixable !== undefined).map((m) => [m.id, m.fixable])).toEqual([
      ["byte-order-mark", "code"],
      ["duplicate-edge-id", "code"],
      ["edge-label-whitespace", "code"],
    ]);
    expect(all.filter((m) => m.hasSuggestions).map((m) => m.id)).toEqual(["undefined-variable", "unknown-edge-endpoint", "unknown-route-target"]);
    // A fixable check rule's table gives each invalid case's output (test/support/rule-table.ts fails a case without one).
    for (const meta of all.filter((m) => m.fixable && m.set !== "document")) {
      const table = readFileSync(path.join(ROOT, "test", FOLDER[meta.set as keyof typeof FOLDER].replace(/^src\//, ""), `${meta.id}.test.ts`), "utf8");
      expect(table, meta.id).toMatch(/\boutput: /);
    }
  });

  it("has a check rule declare messages, each of them reported by id in its own file (or where its shared findings are made)", () => {
    for (const rule of [...allRules, ...requestRules]) {
      const { id, set, messages } = rule.meta;
      expect(set === "document", id).toBe(false);
      const ids = Object.keys(messages);
      expect(ids.length, `${id} declares messages`).toBeGreaterThan(0);
      const source = readFileSync(path.join(ROOT, FOLDER[set as keyof typeof FOLDER], `${id}.ts`), "utf8");
      // Shared wording (a request variable's gaps), the not-a-pathway findings and what a bland-cli push loses are
      // reported where they are found.
      const sharedFile = /SUPPLY_MESSAGES/.test(source)
        ? "src/requests/supply.ts"
        : id === "pathway-shape"
          ? "src/validate/run-rules.ts"
          : id === "bland-cli-push-loss"
            ? "src/interop/bland-cli/losses.ts"
            : undefined;
      const shared = sharedFile ? readFileSync(path.join(ROOT, sharedFile), "utf8") : "";
      for (const messageId of ids) expect(`${source}${shared}`.includes(`"${messageId}"`), `${id} reports ${messageId}`).toBe(true);
    }
  });
});
