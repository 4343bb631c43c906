// The findings each real pathway file deserves, and that linting any real file never throws and stays deterministic.
import { expect, it } from "vitest";
import { getReachability, getTraps } from "../../src/graph/index.js";
import { lintPathway } from "../../src/lint/index.js";
import type { Pathway } from "../../src/model/index.js";
import { corpusFiles, describeCorpus, parseableCorpus, readCorpus } from "../support/corpus.js";

const KB = "9ed56a1f-b9eb-46e9-a510-5d66b0ab12b2";
const lintRules = new Set([
  "dead-end", "duplicate-edge-label", "empty-edge-label", "maybe-unset-variable", "prompt-too-long", "self-loop-without-condition",
  "start-node-is-global", "trap-cycle", "undefined-variable", "unreachable-node", "unused-extracted-variable", "webhook-missing-default-route",
]);
/** Findings of the linter's own rules, as `rule pointer` lines. */
function lintFindings(name: string): string[] {
  return lintPathway(readCorpus(name))
    .diagnostics.filter((d) => lintRules.has(d.ruleId))
    .map((d) => `${d.ruleId} ${d.pointer}`);
}

describeCorpus("real corpus", () => {
  it.each(["restaurant-2024-get-dump.json", "restaurant-history-6ebf769.json"])("%s: flags the global KB node and the variables nothing sets", (name) => {
    const result = lintPathway(readCorpus(name));
    const kb = result.diagnostics.filter((d) => d.pointer.startsWith("/nodes/9"));
    // The global Knowledge Base node has an empty label and no way back: the two defects a reviewer should see.
    expect(kb.map((d) => `${d.ruleId} ${d.pointer}`)).toEqual(["dead-end /nodes/9", "undefined-variable /nodes/9/data/prompt", "global-label-empty /nodes/9/data/globalLabel"]);
    expect(kb[0]!.message).toContain(`"New Knowledge Base Node" (id ${KB}) never hands control back`);
    expect(lintFindings(name)).toEqual([
      "undefined-variable /nodes/1/data/prompt",
      "undefined-variable /nodes/5/data/prompt",
      "undefined-variable /nodes/6/data/body",
      "dead-end /nodes/9",
      "undefined-variable /nodes/9/data/prompt",
      "undefined-variable /nodes/10/data/prompt",
      "undefined-variable /nodes/11/data/prompt",
    ]);
    const names = result.diagnostics.filter((d) => d.ruleId === "undefined-variable").map((d) => /\{\{([^}]+)\}\}/.exec(d.message)![1]);
    expect(names).toEqual(["restaurant_menu", "store_location", "unique_azz_id", "restaurant_name", "restaurant_name", "restaurant_name"]);
  });

  it("restaurant files: every node is reachable (the global KB node counts) and no loop traps the caller", () => {
    for (const { name, value } of parseableCorpus.filter((f) => f.name.startsWith("restaurant"))) {
      expect(getReachability(value as Pathway).unreachable, name).toEqual([]);
      expect(getTraps(value as Pathway), name).toEqual([]);
    }
  });

  it("receptionist-auto-shop.json: no errors; only the variables collected for the call record are unused", () => {
    const result = lintPathway(readCorpus("receptionist-auto-shop.json"));
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(new Set(lintFindings("receptionist-auto-shop.json").map((f) => f.split(" ")[0]))).toEqual(new Set(["unused-extracted-variable"]));
  });

  it("pathwalk-pizzeria-dialect.json and the documented GET example: nothing to report", () => {
    expect(lintPathway(readCorpus("pathwalk-pizzeria-dialect.json")).diagnostics).toEqual([]);
    expect(lintPathway(readCorpus("docs-get-pathway-version-example.json")).diagnostics).toEqual([]);
  });

  it("terraform fixtures: the start node with no edges is a dead end, and so is the second node of the read fixture", () => {
    expect(lintFindings("terraform-fixture-create-no-edges.json")).toContain("dead-end /nodes/0");
    expect(lintFindings("terraform-fixture-read.json")).toContain("dead-end /nodes/1");
  });

  it.each(corpusFiles)("%s: lints without throwing, every finding located, the same twice", (name) => {
    const a = lintPathway(readCorpus(name));
    const b = lintPathway(readCorpus(name));
    expect(a.diagnostics).toEqual(b.diagnostics);
    for (const d of a.diagnostics) if (d.ruleId !== "unreadable-file") expect(d.range, `${d.ruleId} ${d.pointer}`).toBeDefined();
  });
});
