// Review pictures of dense pathways stay readable: every corpus file and the dense generated ones, shown 1,600 px wide.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MERMAID_GITHUB_LIMITS } from "../../src/export/index.js";
import { createHubAndSpoke, getDensePathways } from "../support/dense-pathways.js";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";
import { parseMermaid } from "../export/mermaid-parser.js";
import { generatePathway } from "../../scripts/generate-pathway.js";
import { JSDOM, type JsdomElement } from "jsdom";
import { SLOW_TESTS } from "../support/tiers.js";

/** An element of the parsed SVG, with the one more property this file reads. */
type Element = JsdomElement & { nextElementSibling: Element | null };

const browserEnv = { ...(process.env.PATHWAYKIT_CHROMIUM && { PATHWAYKIT_CHROMIUM: process.env.PATHWAYKIT_CHROMIUM }) };

/** A 35x16 hub pathway and a copy with one step's prompt changed (s20), as old.json and new.json in a new folder. */
function writeChangedHub(): string {
  const dir = tempDir();
  const before = createHubAndSpoke(35, 16);
  const after = structuredClone(before);
  (after.nodes as { id: string; data: { prompt?: string } }[]).find((n) => n.id === "s20")!.data.prompt = "Offer the annual plan.";
  writeFileSync(path.join(dir, "old.json"), JSON.stringify(before));
  writeFileSync(path.join(dir, "new.json"), JSON.stringify(after));
  return dir;
}

describe("pathway diagram on dense pathways", () => {
  it("writes -f md of a pathway over 500 edges as Mermaid GitHub accepts, saying what it left out", async () => {
    const dir = tempDir();
    const file = path.join(dir, "dense.json");
    writeFileSync(file, JSON.stringify(generatePathway({ nodes: 400, edges: 1200 })));
    const r = await runMain(["diagram", file, "-f", "md"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /note: .*dense\.json: drew only the nodes within \d steps of the start node so GitHub can show it \(\d+ nodes and \d+ edges left out\)/,
    );
    const block = /```mermaid\n([\s\S]*?)\n```/.exec(r.stdout)![1]!;
    const edges = block.split("\n").filter((l) => /^\s+\w+ (-->|-\.->)/.test(l)).length;
    expect(edges).toBeLessThanOrEqual(MERMAID_GITHUB_LIMITS.maxEdges);
    expect(block.length).toBeLessThanOrEqual(MERMAID_GITHUB_LIMITS.maxTextSize);
    expect((await parseMermaid(block)).diagramType).toBe("flowchart-v2");
  }, 120_000);

  it("draws only the change and its neighbours with --base, and says how much it left out", async () => {
    const dir = writeChangedHub();
    const r = await runMain(["diagram", path.join(dir, "new.json"), "-f", "md", "--base", path.join(dir, "old.json")]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/Only the nodes within 1 step of the 1 changed node \(id s20\) \(\d+ nodes and \d+ edges left out\)/);
    expect(r.stdout).toContain("Step 20 greet");
    expect(r.stdout).not.toContain("Step 5 qualify");
  }, 120_000);

  it("draws the whole pathway with --base --context fade: the change and its neighbours as usual, the rest faded in the SVG", async () => {
    const dir = writeChangedHub();
    const out = path.join(dir, "review.svg");
    const r = await runMain(["diagram", path.join(dir, "new.json"), "-f", "svg", "--base", path.join(dir, "old.json"), "--context", "fade", "-o", out], {
      env: browserEnv,
    });
    expect(r, r.stderr).toMatchObject({ code: 0 });
    const doc = new JSDOM(readFileSync(out, "utf8"), { contentType: "image/svg+xml" }).window.document;
    expect(doc.querySelector("parsererror")).toBeNull();
    const nodes = [...doc.querySelectorAll("g.node")] as Element[];
    const caption = (g: Element) => g.nextElementSibling?.textContent ?? "";
    // Every step is drawn; only those more than one step from the changed s20 are faded.
    for (let i = 0; i < 35; i++)
      expect(
        nodes.some((g) => caption(g).includes(`Step ${i} `)),
        `Step ${i}`,
      ).toBe(true);
    const faded = (name: string) => nodes.find((g) => caption(g).startsWith(name))!.getAttribute("opacity");
    expect(faded("Step 20 ")).toBeNull();
    expect(faded("Step 21 ")).toBeNull();
    expect(Number(faded("Step 5 "))).toBeLessThan(1);
    expect(nodes.filter((g) => (g.getAttribute("class") ?? "").split(" ").includes("faded")).every((g) => Number(g.getAttribute("opacity")) < 1)).toBe(true);
  }, 120_000);

  it("refuses --context without --base or --focus (exit 2), saying what it needs", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "a.json"), JSON.stringify(createHubAndSpoke(5, 4)));
    const r = await runMain(["diagram", path.join(dir, "a.json"), "--context", "fade"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--context only applies with --focus <node> or --base");
  });

  it.runIf(SLOW_TESTS)(
    "draws 5,000 edges between two nodes and a complete graph of 200 nodes within --timeout, never tens of thousands of px wide",
    async () => {
      const dir = tempDir();
      const names = ["parallel-5000.json", "complete-200.json", "self-loops-60.json"];
      for (const name of names) writeFileSync(path.join(dir, name), JSON.stringify(getDensePathways().find((d) => d.name === name)!.pathway));
      const r = await runMain(["diagram", ...names.map((n) => path.join(dir, n)), "-f", "svg", "-o", `${dir}/out/`, "--timeout", "150s"], { env: browserEnv });
      expect(r.code).toBe(0);
      for (const name of names) {
        const svg = readFileSync(path.join(dir, "out", name.replace(/\.json$/, ".svg")), "utf8");
        expect(Number(/<svg [^>]*width="(\d+)"/.exec(svg)![1])).toBeLessThan(4000);
      }
      const parallel = readFileSync(path.join(dir, "out", "parallel-5000.svg"), "utf8");
      expect(parallel).toContain("5000 edges from ▶ Ask to Answer, drawn as one line".replace("▶ ", ""));
    },
    300_000,
  );
});
