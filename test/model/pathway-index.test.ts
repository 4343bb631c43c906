// indexPathway: the first node per id wins, and each edge's endpoints resolve to it or to -1.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { indexPathway } from "../../src/model/index.js";

describe("indexPathway", () => {
  it("resolves endpoints to the first node with the id, and to -1 when nothing matches", () => {
    const index = indexPathway({
      nodes: [
        { globalConfig: { globalPrompt: "hi" } },
        { id: "a", type: "Default", data: {} },
        { id: "b", type: "Default", data: {} },
        { id: "a", type: "End Call", data: {} },
        { id: 7, type: "Default" },
        "not a node",
      ],
      edges: [{ id: "e1", source: "a", target: "b" }, null, { id: "e2", source: "b", target: "ghost" }, { id: "e3", source: 1, target: "a" }],
    });
    expect(index.nodes.map((n) => n.index)).toEqual([1, 2, 3]);
    expect(index.firstNodes.map((n) => n.index)).toEqual([1, 2]);
    expect([...index.positionOf]).toEqual([
      ["a", 0],
      ["b", 1],
    ]);
    expect(index.edges.map((e) => e.index)).toEqual([0, 2, 3]);
    expect([...index.edgeSource]).toEqual([0, 1, -1]);
    expect([...index.edgeTarget]).toEqual([1, -1, 0]);
  });

  it("is empty, never throwing, for values that are not pathways", () => {
    for (const value of [null, 3, "x", [], {}, { nodes: {} }, { nodes: [], edges: "no" }]) {
      const index = indexPathway(value);
      expect([index.nodes.length, index.edges.length, index.firstNodes.length, index.edgeSource.length]).toEqual([0, 0, 0, 0]);
    }
  });

  it("agrees with a plain search for every edge endpoint", () => {
    const id = fc.constantFrom("a", "b", "c", "d", 1, undefined);
    const pathway = fc.record({
      nodes: fc.array(fc.record({ id, type: fc.constant("Default") }), { maxLength: 8 }),
      edges: fc.array(fc.record({ source: id, target: id }), { maxLength: 12 }),
    });
    fc.assert(
      fc.property(pathway, (p) => {
        const index = indexPathway(p);
        const firstIndex = (ref: unknown) => (typeof ref === "string" ? p.nodes.findIndex((n) => n.id === ref) : -1);
        index.edges.forEach(({ edge }, e) => {
          for (const [end, resolved] of [
            ["source", index.edgeSource[e]!],
            ["target", index.edgeTarget[e]!],
          ] as const) {
            const expected = firstIndex(edge[end]);
            expect(resolved < 0 ? -1 : index.firstNodes[resolved]!.index).toBe(expected);
          }
        });
      }),
    );
  });
});
