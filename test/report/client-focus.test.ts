// The report page's first view of a change, run as the page runs it (the script text in a VM context): a table of cases.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CHANGE_VIEW_FUNCTION } from "../../src/report/client-focus.js";

type View = { x: number; y: number; k: number } | null;
interface Node {
  key: string;
  box: [number, number, number, number];
  diff?: string;
}

/** `getChangeView` from the page's script text, for a data object with these nodes and edges (each edge drawn). */
function view(nodes: Node[], edges: [string, string, string?][], diff = true, size: [number, number] = [1000, 800]): View {
  const data = { ...(diff && { diff: {} }), nodes, edges: edges.map(([from, to, d]) => ({ from, to, drawn: true, ...(d && { diff: d }) })) };
  return runInNewContext(`${CHANGE_VIEW_FUNCTION}; getChangeView(data, ${size[0]}, ${size[1]});`, { data }) as View;
}

/** Where a point of the graph lands on screen. */
const onScreen = (v: NonNullable<View>, x: number, y: number): [number, number] => [v.x + x * v.k, v.y + y * v.k];

describe("getChangeView", () => {
  const box = (x: number, y: number): [number, number, number, number] => [x, y, 160, 50];

  it.each([
    { name: "no base: the page fits everything", nodes: [{ key: "a", box: box(0, 0), diff: "changed" }], diff: false, want: null },
    { name: "nothing drawn changed", nodes: [{ key: "a", box: box(0, 0) }], diff: true, want: null },
  ])("$name", ({ nodes, diff, want }) => {
    expect(view(nodes as Node[], [], diff)).toEqual(want);
  });

  it("fits a changed node with its neighbours when they fit readably, all of them on screen", () => {
    const v = view(
      [
        { key: "a", box: box(0, 0) },
        { key: "b", box: box(0, 200), diff: "changed" },
        { key: "c", box: box(0, 400) },
        { key: "far", box: box(9000, 9000) },
      ],
      [
        ["a", "b"],
        ["b", "c"],
        ["c", "far"],
      ],
    )!;
    expect(v.k).toBeGreaterThanOrEqual(0.8);
    for (const [x, y] of [
      [0, 0],
      [160, 450],
    ] as const) {
      const [sx, sy] = onScreen(v, x, y);
      expect(sx >= 0 && sx <= 1000 && sy >= 0 && sy <= 800).toBe(true);
    }
    const [fx] = onScreen(v, 9000, 9000);
    expect(fx).toBeGreaterThan(1000);
  });

  it("fits a changed hub alone when its many neighbours would make captions unreadable", () => {
    const spokes: Node[] = Array.from({ length: 40 }, (_, i) => ({ key: `s${i}`, box: box(i * 200, 0) }));
    const v = view(
      [...spokes, { key: "hub", box: box(4000, 600), diff: "changed" }],
      spokes.map((s) => [s.key, "hub"]),
    )!;
    expect(v.k).toBeGreaterThanOrEqual(0.8);
    const [sx, sy] = onScreen(v, 4080, 625);
    expect(sx).toBeCloseTo(500, 0);
    expect(sy).toBeCloseTo(400, 0);
  });

  it("centres the first changed node at the readable scale when the changes lie too far apart to fit", () => {
    const v = view(
      [
        { key: "a", box: box(0, 0), diff: "added" },
        { key: "b", box: box(20000, 0) },
      ],
      [["a", "b", "changed"]],
    )!;
    expect(v.k).toBe(0.8);
    expect(onScreen(v, 80, 25)).toEqual([500, 400]);
  });
});

describe("isFaded", () => {
  /** Which of `nodes` and `edges` the page fades, as the page's script decides it. */
  function faded(nodes: { key: string; diff?: string }[], edges: [string, string, string?][]): { nodes: string[]; edges: string[] } {
    const data = {
      diff: {},
      nodes: nodes.map((n) => ({ ...n, box: [0, 0, 10, 10] })),
      edges: edges.map(([from, to, d]) => ({ from, to, drawn: true, ...(d && { diff: d }) })),
    };
    return runInNewContext(
      `${CHANGE_VIEW_FUNCTION}; var c = getChangeContext(data); ({ nodes: data.nodes.filter(function (n) { return isFaded(c, n); }).map(function (n) { return n.key; }),
        edges: data.edges.filter(function (e) { return isFaded(c, e); }).map(function (e) { return e.from + ">" + e.to; }) });`,
      { data },
    ) as { nodes: string[]; edges: string[] };
  }

  it.each([
    {
      name: "a changed node keeps its neighbours; the rest fades",
      nodes: ["a", "b*", "c", "d"],
      edges: [
        ["a", "b"],
        ["b", "c"],
        ["c", "d"],
      ],
      want: { nodes: ["d"], edges: ["c>d"] },
    },
    {
      name: "a changed edge keeps both its ends and their neighbours",
      nodes: ["a", "b", "c", "d", "e"],
      edges: [
        ["a", "b"],
        ["b", "c", "changed"],
        ["c", "d"],
        ["d", "e"],
      ],
      want: { nodes: ["e"], edges: ["d>e"] },
    },
    {
      name: "an edge between two neighbours is not faded",
      nodes: ["a", "b*", "c"],
      edges: [
        ["a", "b"],
        ["b", "c"],
        ["a", "c"],
      ],
      want: { nodes: [], edges: [] },
    },
    { name: "nothing changed: nothing fades", nodes: ["a", "b"], edges: [["a", "b"]], want: { nodes: [], edges: [] } },
  ] as const)("$name", ({ nodes, edges, want }) => {
    expect(
      faded(
        nodes.map((k) => ({ key: k.replace("*", ""), ...(k.endsWith("*") && { diff: "changed" }) })),
        edges as unknown as [string, string, string?][],
      ),
    ).toEqual(want);
  });

  it("leaves every node changed, a neighbour of a change, or faded, and fades an edge exactly when an end is faded (fast-check)", () => {
    const graph = fc.integer({ min: 1, max: 12 }).chain((count) =>
      fc.record({
        changed: fc.array(fc.boolean(), { minLength: count, maxLength: count }),
        edges: fc.array(fc.tuple(fc.nat(count - 1), fc.nat(count - 1), fc.boolean()), { maxLength: 30 }),
      }),
    );
    fc.assert(
      fc.property(graph, ({ changed, edges }) => {
        const nodes = changed.map((c, i) => ({ key: `n${i}`, ...(c && { diff: "changed" }) }));
        const list = edges.map(([a, b, d]) => [`n${a}`, `n${b}`, ...(d ? ["changed"] : [])] as [string, string, string?]);
        const out = faded(nodes, list);
        const hot = new Set([...nodes.filter((n) => n.diff).map((n) => n.key), ...list.filter((e) => e[2]).flatMap((e) => [e[0], e[1]])]);
        const near = new Set(list.flatMap(([a, b]) => (hot.has(a) ? [b] : hot.has(b) ? [a] : [])));
        for (const n of nodes) expect(out.nodes.includes(n.key)).toBe(hot.size > 0 && !hot.has(n.key) && !near.has(n.key));
        const fadedNodes = new Set(out.nodes);
        expect(out.edges).toEqual(list.filter(([a, b]) => fadedNodes.has(a) || fadedNodes.has(b)).map(([a, b]) => `${a}>${b}`));
      }),
    );
  });
});
