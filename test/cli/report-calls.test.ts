// `pathway report --calls`: the review page coloured by what recorded calls reached, with call counts per node, and no personal data.
import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { corpusPath, describeCorpus } from "../support/corpus.js";
import { ROOT, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

function embedded(html: string): {
  nodes: { id: string; coverage?: string; calls?: { reached: number; endedHere: number; errors: number } }[];
  coverage?: { source: string; table: { kind: string; covered: number; total: number }[] };
} {
  const m = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html);
  return JSON.parse(m![1]!) as ReturnType<typeof embedded>;
}

describeCorpus("pathway report --calls", () => {
  it("colours reached and never-reached nodes and puts the counts on each node", async () => {
    const dir = tempDir();
    copyFileSync(corpusPath("pathwalk-pizzeria-dialect.json"), path.join(dir, "pizzeria.json"));
    const run = await runMain(["report", "pizzeria.json", "--calls", path.join(ROOT, "test/fixtures/calls/pizzeria"), "-o", "page.html", "--engine", "ranks"], {
      cwd: dir,
    });
    expect([run.code, run.stderr]).toEqual([0, ""]);
    const html = readFileSync(path.join(dir, "page.html"), "utf8");
    const data = embedded(html);
    const byId = Object.fromEntries(data.nodes.map((n) => [n.id, [n.coverage, n.calls?.reached, n.calls?.endedHere]]));
    expect(byId).toMatchObject({ start: ["covered", 3, 0], "menu-mgmt": ["covered", 2, 0], end: ["covered", 3, 3], reporting: ["untested", 0, 0] });
    expect(data.coverage?.source).toMatch(/^3 of 3 calls mapped, from /);
    expect(data.coverage?.table.find((r) => r.kind === "nodes")).toMatchObject({ covered: 5, total: 7 });
    expect(html).not.toMatch(/555.?0100/);
  });

  it("refuses --calls with --scenarios", async () => {
    const run = await runMain(["report", "pathways/support-kb.json", "--calls", "x", "--scenarios", "y"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Give --calls alone/);
  });
});
