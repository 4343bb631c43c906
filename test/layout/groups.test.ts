// Tag frames: nodes sharing a data.tag name laid out inside one frame, frames apart, every edge drawn, tag text inert.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JSDOM } from "jsdom";
import { simplifyGraph, toDirectedGraph, type DirectedGraph } from "../../src/export/index.js";
import { getCaptionLines } from "../../src/layout/groups.js";
import { countCrossings, getElkLayout, getGraphLayout, isFramedNoWorse, toSvg, type GraphLayout, type LayoutBox } from "../../src/layout/index.js";
import type { Pathway } from "../../src/model/index.js";
import { getLineWidth } from "../../src/layout/sizes.js";
import { createHubAndSpoke } from "../support/dense-pathways.js";
import { CORPUS_DIR, hasCorpus } from "../support/corpus-dir.js";

const inside = (n: LayoutBox, f: LayoutBox) => n.x >= f.x && n.y >= f.y && n.x + n.width <= f.x + f.width && n.y + n.height <= f.y + f.height;
const overlaps = (a: LayoutBox, b: LayoutBox) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** Whether `p` lies on the border of `b` (within half a pixel): where an edge leaves or enters a node. */
const onBorder = (p: { x: number; y: number }, b: LayoutBox) =>
  p.x >= b.x - 0.5 &&
  p.x <= b.x + b.width + 0.5 &&
  p.y >= b.y - 0.5 &&
  p.y <= b.y + b.height + 0.5 &&
  (Math.abs(p.x - b.x) < 0.5 || Math.abs(p.x - b.x - b.width) < 0.5 || Math.abs(p.y - b.y) < 0.5 || Math.abs(p.y - b.y - b.height) < 0.5);

const dataOf = (n: Pathway["nodes"][number]) => (n.data ?? {}) as Record<string, unknown>;
const tag = (name: string, color = "#2a78d6") => ({ tag: { name, color } });
const node = (id: string, name: string, extra: Record<string, unknown> = {}) => ({ id, type: "Default", data: { name, ...extra } });
const edge = (id: string, source: string, target: string, label?: string) => ({ id, source, target, ...(label && { label }) });

/** Two tags, each on nodes joined by edges inside the frame, across frames, from outside, and back up. */
const twoTags: Pathway = {
  name: "Two tags",
  nodes: [
    node("s", "Start", { isStart: true }),
    node("v1", "Ask date of birth", tag("Verify")),
    node("b1", "Offer slots", tag("Book", "#0ca30c")),
    node("v2", "Ask postcode", tag("Verify")),
    node("b2", "Confirm slot", tag("Book", "#0ca30c")),
    node("u", "Untagged step"),
    { id: "e", type: "End Call", data: { name: "Bye" } },
  ],
  edges: [
    edge("1", "s", "v1"),
    edge("2", "v1", "v2", "answered"),
    edge("3", "v2", "b1"),
    edge("4", "b1", "b2", "picked one"),
    edge("5", "b2", "u"),
    edge("6", "u", "e"),
    edge("7", "v2", "e", "not verified"),
    edge("8", "b2", "v1", "start over"),
  ],
};
/** Tags on parts no edge joins, beside an untagged part. */
const apart: Pathway = {
  name: "Apart",
  nodes: [
    node("a", "Alpha", { isStart: true, ...tag("One") }),
    node("b", "Beta", tag("One")),
    node("c", "Gamma", tag("Two", "rgb(200, 10, 10)")),
    node("d", "Delta", tag("Two", "rgb(200, 10, 10)")),
    node("x", "Loose"),
  ],
  edges: [edge("1", "a", "b"), edge("2", "c", "d", "then")],
};

/** Checks every frame holds exactly its tag's flow nodes, frames miss each other and other nodes, and every flow edge is one line from node to node. */
function checkFrames(graph: DirectedGraph, layout: GraphLayout, tags: string[]): void {
  const frames = layout.groups ?? [];
  expect(frames.map((f) => f.name).sort()).toEqual([...tags].sort());
  const box = new Map(layout.nodes.map((n) => [n.key, n]));
  // A stub (a reference beside its source) belongs with its source.
  const byKey = new Map(graph.nodes.map((n) => [n.key, n]));
  const tagOf = (n: DirectedGraph["nodes"][number]) =>
    n.tag?.name ?? (n.kind === "stub" ? byKey.get(graph.edges.find((e) => e.to === n.key)!.from)!.tag?.name : undefined);
  for (const n of graph.nodes.filter((n) => !n.global)) {
    for (const f of frames)
      expect(f.name === tagOf(n) ? inside(box.get(n.key)!, f) : overlaps(box.get(n.key)!, f), `${n.label} and frame ${f.name}`).toBe(f.name === tagOf(n));
  }
  frames.forEach((f, i) => frames.slice(i + 1).forEach((g) => expect(overlaps(f, g), `${f.name} and ${g.name}`).toBe(false)));
  const drawn = layout.edges.map((e) => e.index).sort((a, b) => a - b);
  expect(drawn).toEqual(graph.edges.map((_, i) => i).filter((i) => !layout.globalEdges.includes(i)));
  for (const e of layout.edges) {
    const { from, to } = graph.edges[e.index]!;
    expect(onBorder(e.points[0]!, box.get(from)!), `edge ${e.index} leaves ${from}`).toBe(true);
    expect(onBorder(e.points[e.points.length - 1]!, box.get(to)!), `edge ${e.index} reaches ${to}`).toBe(true);
  }
}

describe("tag frames in the ELK layout", () => {
  it.each([
    ["two tags, top to bottom", twoTags, {}, ["Book", "Verify"]],
    ["two tags, left to right", twoTags, { direction: "LR" as const }, ["Book", "Verify"]],
    ["tags on unconnected parts", apart, {}, ["One", "Two"]],
  ])("%s: each tag's nodes inside one frame, frames clear of each other and of other nodes, every edge drawn end to end", async (_, pathway, options, tags) => {
    const graph = toDirectedGraph(pathway, options);
    const layout = await getElkLayout(graph);
    checkFrames(graph, layout, tags);
    expect(layout.groups!.find((f) => f.name === tags[0])!.color).toMatch(/^(#|rgb)/);
  });

  it("draws no frame for a tag on one node only, nor with groups: false", async () => {
    const one: Pathway = {
      ...twoTags,
      nodes: twoTags.nodes.map((n) => (n.id === "v2" || n.id === "b2" ? { ...n, data: { name: dataOf(n)["name"] as string } } : n)),
    };
    expect((await getElkLayout(toDirectedGraph(one))).groups).toBeUndefined();
    expect((await getElkLayout(toDirectedGraph(twoTags), { groups: false })).groups).toBeUndefined();
  });

  it("keeps a stub beside its source inside the source's frame", async () => {
    const graph = simplifyGraph(toDirectedGraph(createHubAndSpoke(12, 12)));
    const layout = await getElkLayout(graph);
    const stubs = graph.nodes.filter((n) => n.kind === "stub");
    expect(stubs.length).toBeGreaterThan(0);
    const box = new Map(layout.nodes.map((n) => [n.key, n]));
    for (const s of stubs) {
      const source = graph.nodes.find((n) => n.key === graph.edges.find((e) => e.to === s.key)!.from)!;
      expect(inside(box.get(s.key)!, layout.groups!.find((f) => f.name === source.tag!.name)!), s.label).toBe(true);
    }
  });

  it("escapes a tag name in the SVG, keeps the whole name as the frame's tooltip and ignores a colour that is not plain", async () => {
    const hostile = `<script>alert(1)</script> & "x" ${"long words ".repeat(12)}`.trim();
    const bad: Pathway = {
      ...twoTags,
      nodes: twoTags.nodes.map((n) => (dataOf(n)["tag"] ? { ...n, data: { ...dataOf(n), tag: { name: hostile, color: "red;background:url(x)" } } } : n)),
    };
    const graph = toDirectedGraph(bad);
    const svg = toSvg(graph, await getElkLayout(graph));
    const doc = new JSDOM(svg, { contentType: "image/svg+xml" }).window.document;
    expect(doc.querySelector("parsererror")).toBeNull();
    expect(doc.querySelector("script")).toBeNull();
    expect(svg).not.toContain("url(x)");
    expect(svg).not.toContain("background");
    expect(doc.querySelector("g.group > title")?.textContent).toBe(`${hostile.slice(0, 59)}…`);
    expect(doc.querySelector("g.group > rect")?.getAttribute("stroke")).toBe("#9e9e9e");
    expect(doc.querySelectorAll("g.group > text").length).toBeLessThanOrEqual(2);
  });
});

describe("getCaptionLines", () => {
  it.each([
    ["Verify", 200, ["Verify"]],
    ["Gathering user interest level", 120, ["Gathering user", "interest level"]],
    ["seeks clarification about user emotional response to the conversation quality.", 200, null],
    ["Supercalifragilisticexpialidocious", 60, null],
  ])("%j in %i px", (name, width, expected) => {
    const lines = getCaptionLines(name, width);
    if (expected) expect(lines).toEqual(expected);
    else expect(lines.at(-1)).toMatch(/…$/);
    expect(lines.length).toBeLessThanOrEqual(2);
    for (const line of lines) expect(getLineWidth(line)).toBeLessThanOrEqual(width);
  });
});

describe("frames only where the picture is no worse", () => {
  const layout = (width: number, edges: GraphLayout["edges"]): GraphLayout => ({
    engine: "elk",
    width,
    height: 100,
    flow: { x: 0, y: 0, width, height: 100 },
    nodes: [],
    edges,
    globalEdges: [],
  });
  const cross = [
    {
      index: 0,
      points: [
        { x: 0, y: 0 },
        { x: 10, y: 10 },
      ],
    },
    {
      index: 1,
      points: [
        { x: 0, y: 10 },
        { x: 10, y: 0 },
      ],
    },
  ];
  it.each([
    ["as wide, as few crossings", layout(1000, []), layout(1000, []), true],
    ["5 % wider", layout(1050, []), layout(1000, []), true],
    ["6 % wider", layout(1060, []), layout(1000, []), false],
    ["40 px wider, narrow", layout(240, []), layout(200, []), true],
    ["41 px wider, narrow", layout(241, []), layout(200, []), false],
    ["narrower", layout(800, []), layout(1000, []), true],
    ["a crossing more", layout(1000, cross), layout(1000, []), false],
  ])("%s", (_, framed, plain, expected) => {
    expect(isFramedNoWorse(framed, plain)).toBe(expected);
  });

  it("keeps the frames of a dense tagged sales flow (no wider, no crossing more) and every edge of it", async () => {
    // The bench's dense-sales-44x12: 1,826 px wide with frames, 2,052 px without.
    const graph = simplifyGraph(toDirectedGraph(createHubAndSpoke(44, 12, 2)));
    const [framed, plain] = [await getGraphLayout(graph, { engine: "elk" }), await getElkLayout(graph, { groups: false })];
    expect(framed.groups?.map((f) => f.name).sort()).toEqual(["Close", "Pitch", "Qualify"]);
    expect(framed.width).toBeLessThanOrEqual(plain.width * 1.05);
    expect(countCrossings(framed.edges)).toBeLessThanOrEqual(countCrossings(plain.edges)!);
    checkFrames(graph, framed, ["Close", "Pitch", "Qualify"]);
  }, 60_000);

  it.skipIf(!hasCorpus)("draws without frames when they would widen the picture: a real export's copies of steps side by side", async () => {
    // Eight tags each name 2-3 copies of a step on parallel chains; framed, the copies stand side by side (2,842 px
    // wide with 6 crossings against 2,382 px with none).
    const file = JSON.parse(readFileSync(path.join(CORPUS_DIR, "ivr-workaround-custom-code-sms.json"), "utf8")) as Pathway;
    const graph = simplifyGraph(toDirectedGraph(file));
    const framed = await getElkLayout(graph);
    const plain = await getElkLayout(graph, { groups: false });
    expect(framed.groups?.length).toBe(8);
    expect(isFramedNoWorse(framed, plain)).toBe(false);
    const chosen = await getGraphLayout(graph);
    expect(chosen.groups).toBeUndefined();
    expect(chosen.width).toBe(plain.width);
  });
});
