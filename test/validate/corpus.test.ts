// Every real pathway file gets the outcome it deserves: which rules fire where, or which parse error at which line.
import { expect, it } from "vitest";
import { firstInvalidUtf8 } from "../../src/parse/index.js";
import { validatePathway } from "../../src/validate/index.js";
import { corpusFiles, describeCorpus, readCorpus } from "../support/corpus.js";

type Finding = [ruleId: string, pointer: string, line: number, column: number];

const expected: Record<string, Finding[]> = {
  "docs-get-pathway-example.MALFORMED.json": [["parse-error", "", 10, 16]],
  "docs-get-pathway-version-example.json": [],
  "docs-update-pathway-example.MALFORMED.json": [["parse-error", "", 14, 32]],
  // An empty "Transfer Call" stub (name only): reached, the transfer would have nowhere to go.
  "ivr-claims-press-button.json": [
    // "New Press Button Node" is a stub with only a name: it would press nothing.
    ["press-button-missing-digits", "/nodes/11", 261, 5],
    ["transfer-number-format", "/nodes/16", 346, 5],
  ],
  "ivr-workaround-custom-code-sms.json": [
    // "users_position " ends in a space: {{users_position}} elsewhere would not name it.
    ["invalid-extract-var", "/nodes/6/data/extractVars/0/0", 394, 13],
    ["invalid-extract-var", "/nodes/20/data/extractVars/0/0", 2210, 13],
    // Knowledge Base nodes whose kb is "": they answer from nothing but their prompt.
    ["missing-kb", "/nodes/45/data/kb", 3927, 15],
    ["missing-kb", "/nodes/49/data/kb", 4021, 15],
    // "New Custom Code Node" is a stub with only a name: no code, no snippet.
    ["custom-code-missing-code", "/nodes/51", 4061, 5],
  ],
  "noshow-rebooking-v1-export.json": [],
  "pathwalk-pizzeria-dialect.json": [],
  "receptionist-auto-shop.json": [],
  "restaurant-2024-get-dump.json": [["global-label-empty", "/nodes/9/data/globalLabel", 199, 32]],
  "restaurant-control-chars.MALFORMED.json": [["invalid-utf8", "", 83, 410]],
  "restaurant-history-6ebf769.json": [["global-label-empty", "/nodes/9/data/globalLabel", 199, 32]],
  "restaurant-history-b72bd49.BAD-BYTE.json": [["invalid-utf8", "", 197, 335]],
  "terraform-fixture-create-no-edges.json": [
    ["invalid-extract-var", "/nodes/0/data/extractVars/0/1", 12, 27],
    ["invalid-extract-var", "/nodes/0/data/extractVars/1/1", 13, 27],
    ["unknown-route-target", "/nodes/0/data/routes/0/targetNodeId", 32, 35],
    ["unknown-route-target", "/nodes/0/data/fallbackNodeId", 35, 33],
  ],
  "terraform-fixture-read.json": [
    ["invalid-extract-var", "/nodes/0/data/extractVars/0/1", 15, 31],
    ["invalid-extract-var", "/nodes/0/data/extractVars/1/1", 16, 31],
    ["unknown-route-target", "/nodes/0/data/routes/0/targetNodeId", 35, 41],
    ["unknown-route-target", "/nodes/0/data/fallbackNodeId", 38, 35],
  ],
};

describeCorpus("the real corpus", () => {
  it("has an expectation for every file", () => {
    expect(Object.keys(expected).sort()).toEqual([...corpusFiles]);
  });

  for (const name of corpusFiles) {
    it(`${name}: ${expected[name]?.length ? expected[name]!.map((f) => f[0]).join(", ") : "no findings"}`, () => {
      const { diagnostics } = validatePathway(readCorpus(name));
      expect(diagnostics.map((d): Finding => [d.ruleId, d.pointer, d.range!.start.line, d.range!.start.column])).toEqual(expected[name]);
    });
  }

  it("explains the trailing commas of the documentation's examples", () => {
    const [d] = validatePathway(readCorpus("docs-get-pathway-example.MALFORMED.json")).diagnostics;
    expect(d!.message).toBe("Trailing comma: JSON allows none; remove this comma.");
  });

  it("reports the control characters of the malformed restaurant file once the bad byte is fixed", () => {
    const bytes = Buffer.from(readCorpus("restaurant-control-chars.MALFORMED.json"));
    for (let at = firstInvalidUtf8(bytes); at !== -1; at = firstInvalidUtf8(bytes)) bytes[at] = 0x45;
    const [d] = validatePathway(bytes).diagnostics;
    expect(d).toMatchObject({ ruleId: "parse-error", message: expect.stringMatching(/control character/) });
  });
});
