// toDirectedGraph: node kinds, flow edges from edges/routes/response routes, generated keys, legend, focus and marks.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { findDiagramNode, getDiagramAnnotations, toDirectedGraph, type DirectedGraph } from "../../src/export/index.js";
import type { Pathway } from "../../src/model/index.js";
import { corpusValue, itCorpus } from "../support/corpus.js";
import { validPathway } from "../support/arbitraries.js";

const pizzeria = corpusValue<Pathway>("pathwalk-pizzeria-dialect.json");
const receptionist = corpusValue<Pathway>("receptionist-auto-shop.json");

function nodeById(graph: DirectedGraph, id: string) {
  return graph.nodes.find((n) => n.id === id)!;
}

const small: Pathway = {
  name: "Small",
  nodes: [
    { id: "a", type: "Default", data: { name: "Greeting", isStart: true } },
    { id: "b", type: "Knowledge Base", data: { name: "Facts" } },
    { id: "c", type: "End Call", data: { name: "Bye" } },
    { id: "d", type: "SMS", data: { name: "Text them" } },
    { id: "g", type: "Default", data: { name: "Human?", isGlobal: true } },
    { id: "loop1", type: "Default", data: { name: "Loop 1" } },
    { id: "loop2", type: "Default", data: { name: "Loop 2" } },
    { id: "stuck", type: "Default", data: { name: "Stuck" } },
  ],
  edges: [
    { id: "1", source: "a", target: "b", label: "asks a question" },
    { id: "2", source: "b", target: "c", data: { label: "done" } },
    { id: "3", source: "a", target: "ghost", label: "broken" },
    { id: "4", source: "a", target: "loop1", label: "loop" },
    { id: "5", source: "loop1", target: "loop2" },
    { id: "6", source: "loop2", target: "loop1" },
    { id: "7", source: "a", target: "d" },
  ],
};

describe("toDirectedGraph", () => {
  it("gives every node a generated key n0, n1, ... in file order and keeps the file's id beside it", () => {
    const graph = toDirectedGraph(small);
    expect(graph.nodes.slice(0, 3).map((n) => [n.key, n.id])).toEqual([
      ["n0", "a"],
      ["n1", "b"],
      ["n2", "c"],
    ]);
    for (const node of graph.nodes) expect(node.key).toMatch(/^n\d+$/);
  });

  it("draws a shape per node type and marks the start and global nodes", () => {
    const graph = toDirectedGraph(small);
    expect(nodeById(graph, "a")).toMatchObject({ kind: "default", start: true, global: false });
    expect(nodeById(graph, "b").kind).toBe("knowledge");
    expect(nodeById(graph, "c").kind).toBe("terminal");
    expect(nodeById(graph, "d")).toMatchObject({ kind: "other", label: "Text them · SMS" });
    expect(nodeById(graph, "g")).toMatchObject({ global: true });
  });

  it("reads edge labels from the top level and from data.label", () => {
    const graph = toDirectedGraph(small);
    expect(graph.edges.slice(0, 2).map((e) => e.label)).toEqual(["asks a question", "done"]);
  });

  it("draws an edge to an id that no node has as a missing node", () => {
    const ghost = nodeById(toDirectedGraph(small), "ghost");
    expect(ghost).toMatchObject({ kind: "missing", label: "missing node: ghost" });
  });

  itCorpus("draws Route conditions and the fallback as route edges", () => {
    const graph = toDirectedGraph(pizzeria, { maxLabel: 0 });
    const router = nodeById(graph, "route-op");
    expect(router.kind).toBe("route");
    const out = graph.edges.filter((e) => e.from === router.key && e.kind !== "edge");
    expect(out.map((e) => [e.kind, e.label])).toEqual([
      ["route", "operation_type is order_mgmt"],
      ["route", "operation_type is menu_mgmt"],
      ["route", "operation_type is inventory_mgmt"],
      ["route", "operation_type is reporting"],
      ["fallback", "otherwise"],
    ]);
  });

  itCorpus("draws webhook response routes with their conditions", () => {
    const graph = toDirectedGraph(receptionist);
    const labels = graph.edges.filter((e) => e.kind === "response").map((e) => e.label);
    expect(labels).toEqual(["BlandStatusCode == 200", "BlandStatusCode != 200"]);
  });

  it("cuts long labels to maxLabel characters and keeps the full text in a numbered legend", () => {
    const long = "the caller wants to book an appointment for next week";
    const graph = toDirectedGraph(
      { nodes: [{ id: "a", type: "Default", data: { name: long } }], edges: [{ id: "e", source: "a", target: "a", label: long }] },
      { maxLabel: 20 },
    );
    expect(graph.nodes[0]).toMatchObject({ label: "the caller wants to… [1]", note: 1 });
    expect(graph.edges[0]).toMatchObject({ label: "the caller wants to… [2]", note: 2 });
    expect(graph.legend).toEqual([
      { ref: 1, text: long },
      { ref: 2, text: long },
    ]);
    expect(toDirectedGraph({ nodes: [{ id: "a", type: "Default", data: { name: long } }] }, { maxLabel: 0 }).legend).toEqual([]);
  });

  it("folds newlines and tabs to spaces and shows direction-override characters as U+FFFD", () => {
    const graph = toDirectedGraph({ nodes: [{ id: "a", type: "Default", data: { name: "one\ntwo\t three \u202eevil" } }] }, { maxLabel: 0 });
    expect(graph.nodes[0]!.label).toBe("one two three \ufffdevil");
  });

  it("draws only the neighbourhood of --focus, counting what it leaves out", () => {
    const graph = toDirectedGraph(small, { focus: "Facts", depth: 1 });
    expect(graph.nodes.map((n) => n.id).sort()).toEqual(["a", "b", "c"]);
    expect(graph.focus).toEqual({ id: "b", depth: 1, omittedNodes: 5, omittedEdges: 5 });
    expect(nodeById(graph, "a").hidden).toBe(3);
  });

  it("rejects a focus that names no node, and finds nodes by id, name, then name in any case", () => {
    expect(() => toDirectedGraph(small, { focus: "nope" })).toThrow(/no node has the id or name "nope"/);
    expect(findDiagramNode(small, "c")).toEqual({ id: "c" });
    expect(findDiagramNode(small, "greeting")).toEqual({ id: "a" });
  });

  it("marks unreachable nodes, dead ends and traps from the graph analyses", () => {
    const graph = toDirectedGraph(small, { annotations: getDiagramAnnotations(small) });
    expect(graph.annotated).toBe(true);
    expect(nodeById(graph, "stuck").marks).toContain("unreachable");
    expect(nodeById(graph, "loop1").marks).toContain("trap");
    expect(nodeById(graph, "d").marks).toContain("dead-end");
    expect(nodeById(graph, "c").marks).toEqual([]);
  });

  it("has, for any valid pathway, one node per distinct id and edges only between drawn nodes", () => {
    fc.assert(
      fc.property(validPathway, (pathway) => {
        const graph = toDirectedGraph(pathway);
        const keys = new Set(graph.nodes.map((n) => n.key));
        expect(keys.size).toBe(graph.nodes.length);
        for (const edge of graph.edges) {
          expect(keys.has(edge.from)).toBe(true);
          expect(keys.has(edge.to)).toBe(true);
        }
        const ids = new Set(pathway.nodes.flatMap((n) => ("id" in n && typeof n.id === "string" ? [n.id] : [])));
        expect(graph.nodes.filter((n) => n.kind !== "missing").length).toBe(ids.size);
      }),
      { numRuns: 100 },
    );
  });
});
