// createDiagramRenderer in the real Chromium (one browser for this file): nodes and labels in the SVG, inert hostile text, PNG and PDF.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSDOM, type JsdomDocument, type JsdomElement } from "jsdom";
import { getNodeCaption, toDirectedGraph, toMermaid, type DirectedGraph } from "../../src/export/index.js";
import type { Pathway } from "../../src/model/index.js";
import { BrowserUnavailableError, createDiagramRenderer, getBrowserLocation, type DiagramRenderer } from "../../src/render/index.js";
import { parseableCorpus } from "../support/corpus.js";
import { createInjectionPathway } from "../export/injection.js";

const EXAMPLES_DIR = path.resolve(import.meta.dirname, "../../pathways");
const pathways: { name: string; value: Pathway }[] = [
  ...readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({ name: f, value: JSON.parse(readFileSync(path.join(EXAMPLES_DIR, f), "utf8")) as Pathway })),
  ...["receptionist-auto-shop.json", "pathwalk-pizzeria-dialect.json", "restaurant-2024-get-dump.json"]
    .map((name) => ({
      name,
      value: parseableCorpus.find((c) => c.name === name)?.value as Pathway,
    }))
    .filter((p) => p.value !== undefined),
];

let renderer: DiagramRenderer;

beforeAll(async () => {
  renderer = await createDiagramRenderer({ browser: getBrowserLocation(process.env) });
}, 120_000);

afterAll(async () => {
  await renderer?.close();
});

/** Text as compared: whitespace folded, and the invisible word joiners the Mermaid export puts into placeholder look-alikes dropped. */
const fold = (s: string | null | undefined) =>
  (s ?? "")
    .replace(/\u2060/g, "")
    .replace(/\s+/g, " ")
    .trim();

function parseSvg(bytes: Uint8Array): JsdomDocument {
  const doc = new JSDOM(new TextDecoder().decode(bytes), { contentType: "image/svg+xml" }).window.document;
  expect(doc.querySelector("parsererror")).toBeNull();
  expect(doc.documentElement.tagName).toBe("svg");
  return doc;
}

/** The drawn node groups by generated key (Mermaid ids them `<diagram>-flowchart-<key>-<n>`). */
function nodeGroups(doc: JsdomDocument): Map<string, JsdomElement> {
  const groups = new Map<string, JsdomElement>();
  for (const g of doc.querySelectorAll("g.node")) {
    const key = /-flowchart-(n\d+)-\d+$/.exec(g.getAttribute("id") ?? "")?.[1];
    if (key) {
      expect(groups.has(key)).toBe(false);
      groups.set(key, g);
    }
  }
  return groups;
}

function expectOneElementPerNodeWithItsLabel(doc: JsdomDocument, graph: DirectedGraph): void {
  const groups = nodeGroups(doc);
  expect([...groups.keys()].sort()).toEqual(graph.nodes.map((n) => n.key).sort());
  for (const node of graph.nodes) expect(fold(groups.get(node.key)!.textContent)).toBe(fold(getNodeCaption(node)));
  const edgeTexts = [...doc.querySelectorAll("g.edgeLabel")].map((e) => fold(e.textContent)).filter((t) => t !== "");
  expect(edgeTexts.sort()).toEqual(graph.edges.flatMap((e) => (e.label === undefined ? [] : [fold(e.label)])).sort());
}

describe("createDiagramRenderer", () => {
  it.each(pathways)("renders $name to an SVG with one element per node and every label", async ({ value }) => {
    const graph = toDirectedGraph(value);
    const doc = parseSvg(await renderer.render(toMermaid(graph), "svg"));
    expectOneElementPerNodeWithItsLabel(doc, graph);
    // The legend is comment lines in the Mermaid text: Mermaid lays out no legend node in the flow (drawFiles adds it below).
    expect(doc.querySelector("[id*='-flowchart-legend']")).toBeNull();
  });

  it("renders hostile text as text: no script, no event handler, no javascript: URL, every label intact", async () => {
    const graph = toDirectedGraph(createInjectionPathway(), { maxLabel: 0 });
    const bytes = await renderer.render(toMermaid(graph), "svg");
    const svg = new TextDecoder().decode(bytes);
    const doc = parseSvg(bytes);
    expect(doc.querySelectorAll("script, iframe, object, embed, img, image, a")).toHaveLength(0);
    for (const element of doc.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        expect(attribute.name.toLowerCase().startsWith("on"), `${element.tagName} ${attribute.name}`).toBe(false);
        expect(attribute.value.replace(/\s/g, "").toLowerCase()).not.toContain("javascript:");
      }
    }
    expect(svg).not.toMatch(/<script/i);
    expectOneElementPerNodeWithItsLabel(doc, graph);
    expect(doc.documentElement.textContent).toContain("<script>alert(1)</script>");
  });

  it("renders a PNG with plausible dimensions", async () => {
    const graph = toDirectedGraph(pathways[0]!.value);
    const png = Buffer.from(await renderer.render(toMermaid(graph), "png"));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect(width).toBeGreaterThan(100);
    expect(height).toBeGreaterThan(100);
    expect(width).toBeLessThan(20_000);
    expect(height).toBeLessThan(20_000);
  });

  it("renders a one-page PDF", async () => {
    const pdf = Buffer.from(await renderer.render(toMermaid(toDirectedGraph(pathways[0]!.value)), "pdf"));
    expect(pdf.subarray(0, 5).toString("ascii")).toBe("%PDF-");
    expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  });

  it("rejects text Mermaid cannot parse with Mermaid's message and keeps rendering afterwards", async () => {
    await expect(renderer.render("flowchart TB\n  a[[[ --> b\n", "svg")).rejects.toThrow(/Parse error/);
    parseSvg(await renderer.render("flowchart TB\n  n0 --> n1\n", "svg"));
  });

  it("draws more than 500 edges, the limit GitHub keeps", async () => {
    const lines = ["flowchart LR"];
    for (let i = 0; i < 520; i++) lines.push(`  n${i % 40} --> n${(i * 7 + 1) % 40}`);
    const doc = parseSvg(await renderer.render(lines.join("\n"), "svg"));
    expect(doc.querySelectorAll("path.flowchart-link").length).toBe(520);
  });
});

describe("browser location", () => {
  it("prefers PATHWAYKIT_CHROMIUM, then PUPPETEER_EXECUTABLE_PATH, then /usr/bin/chromium", () => {
    expect(getBrowserLocation({ PATHWAYKIT_CHROMIUM: "/a", PUPPETEER_EXECUTABLE_PATH: "/b" })).toEqual({ path: "/a", source: "PATHWAYKIT_CHROMIUM" });
    expect(getBrowserLocation({ PUPPETEER_EXECUTABLE_PATH: "/b" })).toEqual({ path: "/b", source: "PUPPETEER_EXECUTABLE_PATH" });
    expect(getBrowserLocation({})).toEqual({ path: "/usr/bin/chromium", source: "default" });
  });

  it("says how to install a browser when there is none", async () => {
    const attempt = createDiagramRenderer({ browser: { path: "/nonexistent/chromium", source: "PATHWAYKIT_CHROMIUM" } });
    await expect(attempt).rejects.toBeInstanceOf(BrowserUnavailableError);
    await expect(attempt).rejects.toThrow(
      /no executable browser at \/nonexistent\/chromium \(from PATHWAYKIT_CHROMIUM\).*apt-get install -y chromium.*PATHWAYKIT_CHROMIUM/,
    );
  });
});
