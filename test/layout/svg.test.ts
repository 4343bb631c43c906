// ELK and rank layouts drawn by toSvg: well-formed SVG, every node placed once, labels clear of nodes, hostile text inert.
import { describe, expect, it } from "vitest";
import { JSDOM } from "jsdom";
import { simplifyGraph, toDirectedGraph, type DirectedGraph } from "../../src/export/index.js";
import { escapeHtml } from "../../src/escape/html.js";
import {
  getElkLayout,
  getGraphLayout,
  getRankLayout,
  GLOBALS_NOTE_TEXT,
  LayoutTimeoutError,
  toSvg,
  type GraphLayout,
  type LayoutBox,
} from "../../src/layout/index.js";
import type { Pathway } from "../../src/model/index.js";
import { generatePathway } from "../../scripts/generate-pathway.js";
import { parseableCorpus } from "../support/corpus.js";
import { createInjectionPathway } from "../export/injection.js";
import { createHubAndSpoke } from "../support/dense-pathways.js";

const overlaps = (a: LayoutBox, b: LayoutBox) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function parse(svg: string) {
  const doc = new JSDOM(svg, { contentType: "image/svg+xml" }).window.document;
  expect(doc.querySelector("parsererror")).toBeNull();
  return doc;
}

function checkPlaced(graph: DirectedGraph, layout: GraphLayout): void {
  expect(layout.nodes.map((n) => n.key).sort()).toEqual(graph.nodes.map((n) => n.key).sort());
  const globals = new Set(graph.nodes.filter((n) => n.global).map((n) => n.key));
  for (const n of layout.nodes) {
    const box = globals.has(n.key) ? layout.globals! : layout.flow;
    expect(n.x >= box.x - 0.5 && n.x + n.width <= box.x + box.width + 0.5, `${n.key} inside its box`).toBe(true);
  }
  // Edges drawn in the flow never touch a global node; those are listed under it instead.
  for (const e of layout.edges) {
    const edge = graph.edges[e.index]!;
    expect(globals.has(edge.from) || globals.has(edge.to)).toBe(false);
  }
  expect(layout.edges.length + layout.globalEdges.length).toBe(graph.edges.length);
}

describe("layout and toSvg", () => {
  const corpus = parseableCorpus.find((c) => c.name === "noshow-rebooking-v1-export.json");

  it.skipIf(!corpus)(
    "lays out a real pathway with ELK: labels clear of every node and of each other, globals apart",
    async () => {
      const graph = toDirectedGraph(corpus!.value as Pathway);
      const layout = await getElkLayout(graph);
      checkPlaced(graph, layout);
      expect(layout.globals).toBeDefined();
      const labels = layout.edges.flatMap((e) => (e.label ? [e.label] : []));
      expect(labels.length).toBeGreaterThan(10);
      for (const [i, l] of labels.entries()) {
        for (const n of layout.nodes) expect(overlaps(l, n), `label ${i} over node ${n.key}`).toBe(false);
        for (const other of labels.slice(i + 1)) expect(overlaps(l, other), `label ${i} over another label`).toBe(false);
      }
      const doc = parse(toSvg(graph, layout));
      expect(doc.querySelectorAll("g.node")).toHaveLength(graph.nodes.length);
      expect(doc.querySelectorAll("g.node.start")).toHaveLength(graph.nodes.filter((n) => n.start).length);
      // The legend sits below the flow and the globals box, not inside it.
      const legendTop = Number(doc.querySelector("g.legend text")!.getAttribute("y"));
      expect(legendTop).toBeGreaterThan(layout.height);
      expect(doc.documentElement.textContent).toContain(GLOBALS_NOTE_TEXT);
    },
    120_000,
  );

  it("places a generated 300-node pathway with the rank layout in linear time, every node once", () => {
    const graph = toDirectedGraph(generatePathway({ nodes: 300, edges: 900, seed: 3 }));
    const layout = getRankLayout(graph);
    checkPlaced(graph, layout);
    parse(toSvg(graph, layout));
  });

  it("places a 300-node / 900-edge pathway by a spanning tree, draws every other flow edge straight and says so", async () => {
    const graph = toDirectedGraph(generatePathway({ nodes: 300, edges: 900, seed: 4 }));
    const layout = await getElkLayout(graph, { maxRoutedEdges: 600 });
    checkPlaced(graph, layout);
    expect(layout.straightEdges).toBe(graph.edges.length - layout.globalEdges.length - (graph.nodes.filter((n) => !n.global).length - 1));
    expect(layout.edges.every((e) => e.points.length >= 2)).toBe(true);
    expect(parse(toSvg(graph, layout)).documentElement.textContent).toContain(`${layout.straightEdges} of the edges are drawn as straight lines`);
  }, 120_000);

  it("gives up after the time allowed with LayoutTimeoutError, and the next layout still works", async () => {
    const graph = toDirectedGraph(generatePathway({ nodes: 200, edges: 500, seed: 9 }));
    await expect(getElkLayout(graph, { timeoutMs: 1 })).rejects.toThrow(LayoutTimeoutError);
    const small = toDirectedGraph(generatePathway({ nodes: 10, edges: 14, seed: 9 }));
    checkPlaced(small, await getElkLayout(small));
  }, 120_000);

  it("keeps hostile pathway text as text: no element, attribute or URL comes from the file", async () => {
    const graph = toDirectedGraph(createInjectionPathway());
    for (const engine of ["elk", "ranks"] as const) {
      const svg = toSvg(graph, await getGraphLayout(graph, { engine }));
      const doc = parse(svg);
      expect(doc.querySelectorAll("script, foreignObject, a, image, use")).toHaveLength(0);
      for (const el of doc.querySelectorAll("*")) {
        for (const attr of Array.from(el.attributes)) {
          expect(attr.name.startsWith("on"), `${attr.name} on <${el.tagName}>`).toBe(false);
          expect(attr.value).not.toMatch(/javascript:/i);
        }
      }
      expect(doc.documentElement.textContent).toContain("<script>alert(1)</script>");
    }
  }, 120_000);

  it("escapes the five HTML specials and drops characters XML cannot hold", () => {
    expect(escapeHtml(`<a href="x">'&'</a>\u0001`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;\ufffd");
  });

  it("gives merged lines, stubs and hubs a tooltip (<title>) saying which edges and labels they stand for", () => {
    const pathway = createHubAndSpoke(35, 16);
    // Parallel edges: a second wording of the chain's first step, so one line stands for two edges.
    pathway.edges!.push({ id: "again", source: "s0", target: "s1", label: "caller says <yes> again" });
    const graph = simplifyGraph(toDirectedGraph(pathway));
    const doc = parse(toSvg(graph, getRankLayout(graph)));
    const text = (ref: number | undefined) => graph.legend.find((l) => l.ref === ref)!.text;
    const stubs = graph.nodes.filter((n) => n.kind === "stub");
    expect(stubs.length).toBeGreaterThan(30);
    for (const stub of stubs) {
      const title = doc.querySelector(`g.node[data-key="${stub.key}"] > title`);
      expect(title?.textContent, stub.key).toBe(text(stub.note));
      expect(title!.textContent).toMatch(/drawn as a stub: \d+ edges? to /);
    }
    const merged = graph.edges.filter((e) => e.merged !== undefined && e.note !== undefined);
    expect(merged.length).toBeGreaterThan(0);
    const titles = [...doc.querySelectorAll("g.edges path > title")].map((t) => t.textContent);
    for (const e of merged) expect(titles).toContain(text(e.note));
    expect(titles.some((t) => t!.includes("caller says <yes> again"))).toBe(true);
    const hubs = graph.nodes.filter((n) => n.stubbedIn !== undefined);
    expect(hubs.length).toBeGreaterThan(0);
    for (const hub of hubs)
      expect(doc.querySelector(`g.node[data-key="${hub.key}"] > title`)?.textContent).toBe(
        `Entered by ${hub.stubbedIn} edges drawn as stubs beside their sources`,
      );
  });
});
