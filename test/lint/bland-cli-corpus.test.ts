// The findings each bland-cli project of the shared corpus (made by bland-cli 0.6.1 itself) deserves, each with why it is right, on its YAML line.
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { lintFiles } from "../../src/engine/check/lint-files.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { CORPUS_DIR, hasCorpus } from "../support/corpus-dir.js";

const BLAND_DIR = path.resolve(CORPUS_DIR, "../bland-cli");

type Expected = { finding: string; reason: string };
const f = (finding: string, reason: string): Expected => ({ finding, reason });

const VOICE = "global.voice: nat is in the file, and fileToApi sends only global.prompt (the oracle test changes it and sees the same body)";
const UNUSED =
  "order_number is extracted at lookup and no prompt, condition or route of the file reads {{order_number}} (the test case's expected_variables is no use in the pathway)";
/** The hand-written project, the same in project/, linked/ and unlinked/ (they differ only in .blandrc). */
const ORDER_STATUS: Expected[] = [
  f("bland-cli-push-loss /global/voice 5:10", VOICE),
  f("unused-extracted-variable /nodes/2/data/extractVars/0/0 18:15", UNUSED),
];

/** Every finding of `pathway lint <folder>`: its pathway file's, then its test file's (none: every expected_path walks edges from the start). */
const expected: Record<string, { pathway: Expected[]; tests: Expected[] }> = {
  "init-demo": {
    pathway: [
      f(
        "bland-cli-push-loss /version 3:10",
        "`version: draft` is written by `bland pathway init` and read by nothing (F4 of the format note; the oracle agrees)",
      ),
      f("bland-cli-push-loss /global/voice 20:10", VOICE),
      f("bland-cli-push-loss /global/model 21:10", "global.model: base, written by init, is never sent either"),
      f(
        "dead-end /nodes/3 35:3",
        "the starter's goodbye node is type Default, not End Call, and has no edge: a call that reaches it never ends (the format note says so of createStarterPathway)",
      ),
    ],
    tests: [],
  },
  linked: { pathway: ORDER_STATUS, tests: [] },
  project: { pathway: ORDER_STATUS, tests: [] },
  // .blandrc has pathway_id pw_new here: the folder the capture ran `push --create` in (it merged the id in).
  unlinked: { pathway: ORDER_STATUS, tests: [] },
};

it.skipIf(!hasCorpus || !existsSync(BLAND_DIR))("reports exactly the findings each corpus bland-cli project deserves, on its YAML lines", async () => {
  const host = createNodeHost({ cwd: BLAND_DIR });
  for (const [folder, want] of Object.entries(expected)) {
    const { results } = await lintFiles(host, [folder]);
    const keys = (file: string) =>
      results
        .find((r) => r.filePath === `${folder}/${file}`)!
        .diagnostics.map((d) => `${d.ruleId} ${d.pointer} ${d.range?.start.line}:${d.range?.start.column}`);
    expect(keys("bland-pathway.yaml"), folder).toEqual(want.pathway.map((e) => e.finding));
    expect(keys("tests/test-cases.yaml"), folder).toEqual(want.tests.map((e) => e.finding));
    for (const e of [...want.pathway, ...want.tests]) expect(e.reason.length, e.finding).toBeGreaterThan(20);
  }
});
