// The newest real shapes (a saved tool's response mapping, a hyphenated variable name, an id on the {globalConfig}
// entry) get exactly the findings beside their fixture, each with why it is right.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { lintPathway } from "../../src/lint/index.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(HERE, "../fixtures/newest-real-files");
const cases = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

const key = (d: Diagnostic) => `${d.ruleId} ${d.pointer} ${d.range?.start.line}:${d.range?.start.column}`;

describe("lint on the newest real shapes", () => {
  it("has the five shapes", () => {
    expect(cases).toEqual(["global-config-with-id", "hyphenated-variable", "saved-tool-inline", "saved-tool-not-in-file", "saved-tool-tools-list"]);
  });

  it.each(cases)("%s: every finding beside the fixture, each with a reason, and no other", (name) => {
    const text = readFileSync(path.join(FIXTURES, name, "pathway.json"), "utf8");
    const expected = JSON.parse(readFileSync(path.join(FIXTURES, name, "expected.json"), "utf8")) as { finding: string; reason: string }[];
    for (const e of expected) expect(e.reason.length, e.finding).toBeGreaterThan(20);
    expect(lintPathway(text).diagnostics.map(key)).toEqual(expected.map((e) => e.finding));
  });

  it("counts a saved tool's response mapping as what the node sets, and says where the mapping is", async () => {
    const { getVariableDefinitions } = await import("../../src/graph/index.js");
    const listed = JSON.parse(readFileSync(path.join(FIXTURES, "saved-tool-tools-list", "pathway.json"), "utf8"));
    const inline = JSON.parse(readFileSync(path.join(FIXTURES, "saved-tool-inline", "pathway.json"), "utf8"));
    const saved = (p: unknown) =>
      getVariableDefinitions(p as never)
        .filter((d) => d.source === "savedTool")
        .map((d) => `${d.name} ${d.nodeId} /${d.path.join("/")}`);
    expect(saved(listed)).toEqual(["available_slots 7 /nodes/1/data/tool", "earliest_slot 7 /nodes/1/data/tool"]);
    expect(saved(inline)).toEqual([
      "booking_uid 8 /nodes/1/data/tool/tool/response/booking_uid",
      "booking_time 8 /nodes/1/data/tool/tool/response/booking_time",
    ]);
  });
});
