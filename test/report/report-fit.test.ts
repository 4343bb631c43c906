// The review page fits a 1,400 px wide window (as openReportPage opens it): no horizontal scroll of the page or of its side panel, whatever tables it shows.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createReport } from "../../src/engine/review/create-report.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { ROOT, tempDir } from "../support/cli.js";
import { openReportPage, useBrowser } from "../support/browser.js";

/** The page's DOM, reached through globalThis inside page.evaluate (this package compiles without DOM types). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dom = any;

const chromium = useBrowser();

/** How far the page, the side panel and each table header cell overflow their boxes, in pixels (0 when they fit). */
async function overflow(html: string): Promise<{ width: number; page: number; aside: number; headers: string[] }> {
  const { page } = await openReportPage(chromium.current, path.join(tempDir("pathwaykit-fit-"), "report.html"), html);
  try {
    return await page.evaluate(() => {
      const d = (globalThis as Dom).document;
      const aside = d.querySelector("aside");
      const cut = [...d.querySelectorAll("aside th, aside td")].filter((c: Dom) => c.scrollWidth > c.clientWidth).map((c: Dom) => c.textContent);
      return {
        width: d.documentElement.clientWidth,
        page: d.documentElement.scrollWidth - d.documentElement.clientWidth,
        aside: aside.scrollWidth - aside.clientWidth,
        headers: cut,
      };
    });
  } finally {
    await page.close();
  }
}

describe("the review page at 1400x900", () => {
  it("shows the coverage table of a scenarios run whole, without scrolling the page or the panel", async () => {
    const report = await createReport(createNodeHost({ cwd: ROOT, env: {} }), "pathways/appointment-booking.json", {
      scenarios: "pathways/scenarios/appointment-booking",
    });
    expect(report.html).toContain("of reachable");
    expect(await overflow(report.html)).toEqual({ width: 1400, page: 0, aside: 0, headers: [] });
  });

  it("shows the coverage of recorded calls, with its long source, and the changes table whole", async () => {
    const dir = tempDir("pathwaykit-fit-calls-");
    const folder = "calls-recorded-in-production-during-the-first-week-of-june";
    mkdirSync(path.join(dir, folder));
    const pathway = JSON.parse(readFileSync(path.join(ROOT, "pathways/support-kb.json"), "utf8")) as { nodes: { id: string }[] };
    writeFileSync(path.join(dir, "kb.json"), JSON.stringify(pathway));
    writeFileSync(path.join(dir, "base.json"), JSON.stringify({ ...pathway, nodes: pathway.nodes.slice(0, -1) }));
    const start = pathway.nodes[0]!.id;
    writeFileSync(
      path.join(dir, folder, "c1.json"),
      JSON.stringify({
        call_id: "c1",
        completed: true,
        pathway_logs: [{ role: "assistant", text: "Hi", chosen_node_id: start, created_at: "2025-06-02T15:00:01Z" }],
      }),
    );
    const host = createNodeHost({ cwd: dir, env: {} });
    const calls = await createReport(host, "kb.json", { calls: [folder] });
    expect(await overflow(calls.html)).toEqual({ width: 1400, page: 0, aside: 0, headers: [] });
    const diff = await createReport(host, "kb.json", { base: "base.json" });
    expect(await overflow(diff.html)).toEqual({ width: 1400, page: 0, aside: 0, headers: [] });
  });
});
