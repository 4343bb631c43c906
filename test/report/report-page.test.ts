// The report page in the real Chromium (one browser for this file): search, select, panel, badges, no network, hostile text inert.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse as parseHtml } from "parse5";
import { createReport, type ReportResult } from "../../src/engine/review/create-report.js";
import { createNodeHost } from "../../src/host/node-host.js";
import type { Pathway } from "../../src/model/index.js";
import { parseableCorpus } from "../support/corpus.js";
import { tempDir } from "../support/cli.js";
import { createInjectionPathway, INJECTIONS } from "../export/injection.js";
import { createHubAndSpoke } from "../support/dense-pathways.js";
import { openReportPage, useBrowser } from "../support/browser.js";
import { sweep } from "../support/tiers.js";

/** The page's DOM, reached through globalThis inside page.evaluate (this package compiles without DOM types). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dom = any;

/** Payloads that set a marker if they ever run: in ids, names, prompts, field names, labels and conditions. */
const MARKERS = [
  `<img src=x onerror="window.__pwned=1;document.title='PWNED'">`,
  `</script><script>window.__pwned=2;document.title='PWNED'</script>`,
  `<svg onload="window.__pwned=3"></svg>`,
  `javascript:window.__pwned=4`,
  `" onmouseover="window.__pwned=5" x="`,
  `' onfocus='window.__pwned=6' autofocus '`,
  `<!-- <script>window.__pwned=7</script> -->`,
  `\u2028</script\u2029><iframe src="javascript:parent.__pwned=8"></iframe>`,
];

function createHostilePathway(): Pathway {
  const base = createInjectionPathway() as unknown as { nodes: Record<string, unknown>[]; edges: Record<string, unknown>[] };
  MARKERS.forEach((m, i) => {
    base.nodes.push({
      id: `${m}-${i}`,
      type: i % 2 ? "Webhook" : "Default",
      data: { name: m, prompt: `prompt ${m}`, text: m, [m]: m, url: m, headers: [[m, m]], extractVars: [[m, "string", m]] },
    });
    base.edges.push({ id: `m${i}`, source: "start", target: `${m}-${i}`, label: m, data: { label: m } });
  });
  return base as unknown as Pathway;
}

const chromium = useBrowser();
let dir: string;

/** The real file system host, rooted in this file's temporary directory. */
const host = () => createNodeHost({ cwd: dir, env: {} });

/** Writes a pathway into the temporary directory and returns its name. */
function writeInput(name: string, text: string): string {
  mkdirSync(path.join(dir, "in"), { recursive: true });
  writeFileSync(path.join(dir, "in", name), text);
  return path.join("in", name);
}

beforeAll(async () => {
  dir = tempDir("pathwaykit-report-");
}, 120_000);

/** Opens a report written into this file's folder (see openReportPage). */
const open = (name: string, report: ReportResult) => openReportPage(chromium.current, path.join(dir, name), report.html);

function htmlErrors(html: string): string[] {
  const errors: string[] = [];
  parseHtml(html, { onParseError: (e) => errors.push(`${e.code} at ${e.startLine}:${e.startCol}`) });
  return errors;
}

const corpus = parseableCorpus.find((c) => c.name === "noshow-rebooking-v1-export.json");

describe("pathway report page", () => {
  it.skipIf(!corpus)(
    "finds a node by search, shows its prompt on click, puts a finding badge on its node, loads nothing",
    async () => {
      const report = await createReport(host(), writeInput("noshow.json", corpus!.text));
      expect(htmlErrors(report.html)).toEqual([]);
      const { page, requests, errors } = await open("noshow.html", report);
      await page.type("#search", "Verify identity");
      await page.click("#search-results .result");
      const panel = await page.$eval("#panel", (e) => e.textContent ?? "");
      const verify = (corpus!.value as Pathway).nodes.find((n) => n.id === "verify")!;
      expect(panel).toContain((verify.data as { prompt: string }).prompt.slice(0, 80));
      expect(await page.$eval("body", (b) => b.getAttribute("data-selected"))).toBe(`node:${report.data.nodes.find((n) => n.id === "verify")!.key}`);

      const finding = report.data.findings.findIndex((f) => f.node !== undefined);
      expect(finding).toBeGreaterThanOrEqual(0);
      const key = report.data.findings[finding]!.node!;
      const onNode = await page.$$eval(`g.node[data-key="${key}"] .badge`, (els) => els.map((e) => e.getAttribute("data-findings") ?? ""));
      expect(onNode.join(" ").split(" ")).toContain(String(finding));
      // A click in the findings list selects the node it names.
      await page.click("#findings .link");
      const firstFinding = report.data.findings.find((f) => f.node !== undefined || f.edge !== undefined)!;
      expect(await page.$eval("body", (b) => b.getAttribute("data-selected"))).toBe(
        firstFinding.node !== undefined ? `node:${firstFinding.node}` : `edge:${firstFinding.edge}`,
      );

      // Keyboard: from the graph, Tab reaches the first node and Enter selects it.
      const first = report.data.nodes[0]!;
      await page.focus("#view");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => (globalThis as unknown as { document: Dom }).document.activeElement.getAttribute("data-key"))).toBe(first.key);
      await page.keyboard.press("Enter");
      expect(await page.$eval("body", (b) => b.getAttribute("data-selected"))).toBe(`node:${first.key}`);
      expect(await page.$eval("#panel h2", (e) => e.textContent)).toBe(first.caption);

      await page.screenshot({ path: path.join(dir, "noshow.png") });
      mkdirSync(path.join(dir, "shots"), { recursive: true });
      expect(requests).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
    120_000,
  );

  it("opens a report of every corpus pathway (a spread of them outside the slow tier) with no error, every node findable by its id", async () => {
    const pathways = sweep(
      parseableCorpus.filter((c) => typeof c.value === "object" && c.value !== null && Array.isArray((c.value as { nodes?: unknown }).nodes)),
      5,
    );
    for (const c of pathways) {
      let report: ReportResult;
      try {
        report = await createReport(host(), writeInput(c.name, c.text), { layout: { engine: "ranks" } });
      } catch {
        continue; // Not a pathway the report can draw (no node with a string id): the command says so instead.
      }
      const { page, requests, errors } = await open(`${c.name}.html`, report);
      const unfound = await page.evaluate(
        (ids: string[]) => {
          const document = (globalThis as unknown as { document: Dom }).document;
          const Event = (globalThis as unknown as { Event: Dom }).Event;
          const search = document.getElementById("search");
          const missing: string[] = [];
          for (const id of ids) {
            search.value = id;
            search.dispatchEvent(new Event("input"));
            if (document.querySelectorAll("#search-results .result").length === 0) missing.push(id);
          }
          return missing;
        },
        report.data.nodes.filter((n) => n.kind !== "missing").map((n) => n.id),
      );
      expect(unfound, c.name).toEqual([]);
      // Without a base nothing is faded and the control to fade is not offered.
      expect(
        await page.evaluate(() => {
          const document = (globalThis as unknown as { document: Dom }).document;
          return [document.querySelectorAll(".faded").length, document.getElementById("fade").parentNode.hidden];
        }),
        c.name,
      ).toEqual([0, true]);
      expect(requests, c.name).toEqual([]);
      expect(errors, c.name).toEqual([]);
      await page.close();
    }
  }, 240_000);

  it("never runs, loads or breaks out of anything in hostile pathway text", async () => {
    const hostile = createHostilePathway();
    const report = await createReport(host(), writeInput("hostile.json", JSON.stringify(hostile)));
    expect(htmlErrors(report.html)).toEqual([]);
    expect(report.html.match(/<script/g)).toHaveLength(2);
    const { page, requests, errors } = await open("hostile.html", report);
    const title = await page.title();
    // Select every node and edge, hover and focus them: any handler smuggled in would fire now.
    const count = await page.evaluate(() => {
      const document = (globalThis as unknown as { document: Dom }).document;
      const MouseEvent = (globalThis as unknown as { MouseEvent: Dom }).MouseEvent;
      const nodes: Dom[] = Array.from(document.querySelectorAll("g.node"));
      for (const n of nodes) {
        n.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        n.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
        n.focus();
        for (const el of Array.from(document.querySelectorAll("#panel *")) as Dom[]) el.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
      }
      for (const e of Array.from(document.querySelectorAll(".edge .hit")) as Dom[]) e.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return nodes.length;
    });
    expect(count).toBe(report.data.nodes.length);
    await page.type("#search", "<script>");
    await page.click("#search-results .result");
    const state = await page.evaluate(() => {
      const document = (globalThis as unknown as { document: Dom }).document;
      return {
        pwned: (globalThis as unknown as { __pwned?: number }).__pwned,
        title: document.title,
        scripts: document.scripts.length,
        iframes: document.querySelectorAll("iframe, img, object, embed, a[href]").length,
        handlers: (Array.from(document.querySelectorAll("*")) as Dom[]).flatMap((el: Dom) =>
          (Array.from(el.attributes) as Dom[]).filter((a: Dom) => /^on/i.test(a.name)).map((a: Dom) => String(a.name)),
        ),
        panel: String(document.getElementById("panel").textContent ?? ""),
      };
    });
    expect(state.pwned).toBeUndefined();
    expect(state.title).toBe(title);
    expect(state.title).not.toContain("PWNED");
    expect(state.scripts).toBe(2);
    expect(state.iframes).toBe(0);
    expect(state.handlers).toEqual([]);
    expect(state.panel).toContain(INJECTIONS[0]);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("lists a hub's sources (drawn as stubs in diagrams) and a merged line's labels in the side panel, every text inert", async () => {
    const names = [...MARKERS, "Plain one", "Plain two", "Plain three"];
    const nodes = [
      { id: "start", type: "Default", data: { name: "Start", isStart: true, prompt: "Hi." } },
      ...names.map((name, i) => ({ id: `src${i}`, type: "Default", data: { name, prompt: "x" } })),
      { id: "hub", type: "End Call", data: { name: "Goodbye", prompt: "Bye." } },
    ];
    const edges = [
      ...names.map((_, i) => ({ id: `in${i}`, source: "start", target: `src${i}`, label: `go ${i}` })),
      ...names.map((name, i) => ({ id: `out${i}`, source: `src${i}`, target: "hub", label: `bye ${name}` })),
      ...MARKERS.slice(0, 3).map((m, i) => ({ id: `par${i}`, source: "src9", target: "src10", label: m })),
    ];
    const report = await createReport(host(), writeInput("hub.json", JSON.stringify({ name: "Hub", nodes, edges })));
    const hub = report.data.nodes.find((n) => n.id === "hub")!;
    expect(hub.hub!.sources).toHaveLength(names.length);
    const { page, requests, errors } = await open("hub.html", report);
    const panel = () =>
      page.evaluate(() => {
        const window = globalThis as unknown as { document: Dom; __pwned?: unknown };
        const p = window.document.getElementById("panel");
        return {
          text: p.textContent as string,
          items: Array.from(p.querySelectorAll("ul.hub-sources li, ol.parallel li")).map((li: Dom) => li.textContent as string),
          elements: p.querySelectorAll("img, script, iframe, svg").length as number,
          pwned: window.__pwned,
        };
      });
    await page.click(`g.node[data-key="${hub.key}"]`);
    const shown = await panel();
    expect(shown.text).toContain(`Entered from ${names.length} nodes, drawn as stubs`);
    // Each source by its name as text, with the labels of its edges into the hub.
    const caption = (id: string) => report.data.nodes.find((n) => n.id === id)!.caption;
    const label = (id: string) => report.data.edges.find((e) => e.from === report.data.nodes.find((n) => n.id === id)!.key && e.to === hub.key)!;
    expect(shown.items).toEqual(names.map((_, i) => `src${i}`).map((id) => `${caption(id)} ${label(id).fullLabel ?? label(id).label}`));
    expect(shown.items.join(" ")).toContain(`bye ${MARKERS[1]}`);
    expect(shown).toMatchObject({ elements: 0 });
    expect(shown.pwned).toBeUndefined();
    // A source in the list selects that node.
    await page.click("ul.hub-sources .link");
    expect(await page.$eval("body", (b) => b.getAttribute("data-selected"))).toBe(`node:${report.data.nodes.find((n) => n.id === "src0")!.key}`);
    const parallel = report.data.edges.findIndex((e) => e.parallel !== undefined);
    await page.evaluate(
      (i: number) => {
        const document = (globalThis as unknown as { document: Dom }).document;
        document
          .querySelectorAll("g.edge")
          [i].querySelector(".hit")
          .dispatchEvent(new (globalThis as unknown as { MouseEvent: Dom }).MouseEvent("click", { bubbles: true }));
      },
      report.data.edges.slice(0, parallel).filter((e) => e.drawn && e.points.length >= 4).length,
    );
    const line = await panel();
    expect(line.text).toContain("3 parallel edges, drawn as one line (×3)");
    expect(line.items).toEqual(report.data.edges.filter((e) => e.parallel).map((e) => e.fullLabel ?? e.label));
    expect(line.items.join(" ")).toContain("<img src=x onerror=");
    expect(line).toMatchObject({ elements: 0 });
    expect(line.pwned).toBeUndefined();
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("opens a dense pathway's review on the change, its labels at least 8 px high; f fits the whole graph", async () => {
    const now = createHubAndSpoke(35, 16);
    const old = structuredClone(now);
    const changed = now.nodes.find((n) => n.id === "s20")!;
    (old.nodes.find((n) => n.id === "s20")!.data as { prompt: string }).prompt = "An older prompt.";
    const basePath = writeInput("dense-old.json", JSON.stringify(old));
    const report = await createReport(host(), writeInput("dense.json", JSON.stringify(now)), { base: basePath });
    const key = report.data.nodes.find((n) => n.id === changed.id)!.key;
    expect(report.data.nodes.find((n) => n.key === key)!.diff).toBe("changed");
    const { page, requests, errors } = await open("dense.html", report);
    /** Screen heights of the changed node's caption and how many node captions are on screen at all. */
    const measure = () =>
      page.evaluate((k: string) => {
        const document = (globalThis as unknown as { document: Dom }).document;
        const view = document.getElementById("view").getBoundingClientRect();
        const caption = document.querySelector(`g.node[data-key="${k}"] .caption`).getBoundingClientRect();
        const inView = caption.left >= view.left && caption.right <= view.right && caption.top >= view.top && caption.bottom <= view.bottom;
        return { height: caption.height as number, inView };
      }, key);
    const first = await measure();
    expect(first.inView).toBe(true);
    expect(first.height).toBeGreaterThanOrEqual(8);
    expect(await page.$eval("#view-note", (e) => (e.hasAttribute("hidden") ? "" : (e.textContent ?? "")))).toMatch(/press f .* whole pathway/);
    /** Keys of the faded nodes, how many edges are faded, and the computed opacity of one faded node and of the changed one. */
    const fading = () =>
      page.evaluate((k: string) => {
        const window = globalThis as unknown as { document: Dom; getComputedStyle(e: Dom): { opacity: string } };
        const nodes = Array.from(window.document.querySelectorAll("g.node.faded")) as Dom[];
        return {
          nodes: nodes.map((n) => n.getAttribute("data-key") as string),
          edges: window.document.querySelectorAll("g.edge.faded").length as number,
          fadedOpacity: Number(window.getComputedStyle(nodes[0]).opacity),
          changedOpacity: Number(window.getComputedStyle(window.document.querySelector(`g.node[data-key="${k}"]`)).opacity),
          checked: window.document.getElementById("fade").checked as boolean,
        };
      }, key);
    // The rest of the pathway is drawn, faded: every node not changed and not a neighbour of s20.
    const opened = await fading();
    const steps = (keys: string[]) => keys.map((k) => report.data.nodes.find((n) => n.key === k)!.id).filter((id) => id.startsWith("s"));
    expect(steps(opened.nodes).sort()).toEqual(
      Array.from({ length: 35 }, (_, i) => `s${i}`)
        .filter(
          (id) =>
            !["s19", "s20", "s21"].includes(id) && !now.edges!.some((e) => (e.source === "s20" && e.target === id) || (e.target === "s20" && e.source === id)),
        )
        .sort(),
    );
    expect(opened.edges).toBeGreaterThan(100);
    expect(opened).toMatchObject({ changedOpacity: 1, checked: true });
    expect(opened.fadedOpacity).toBeLessThan(1);
    // c shows the rest normally and fades it again; the classes stay, only their look changes.
    await page.focus("#view");
    await page.keyboard.press("c");
    expect(await fading()).toMatchObject({ fadedOpacity: 1, checked: false });
    await page.keyboard.press("c");
    expect(await fading()).toMatchObject({ checked: true });
    expect((await fading()).fadedOpacity).toBeLessThan(1);
    // One key away: the whole graph, nothing faded, where on a pathway this dense the same caption is too small to read.
    await page.keyboard.press("f");
    expect(await fading()).toMatchObject({ fadedOpacity: 1, changedOpacity: 1, checked: false });
    expect((await measure()).height).toBeLessThan(8);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
