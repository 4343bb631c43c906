// Reachability, dead ends, traps, global nodes, shortest paths and the graphlib view of a pathway.
import { describe, expect, it } from "vitest";
import {
  createPathwayGraph,
  getDeadEnds,
  getDistances,
  getGlobalNodes,
  getReachability,
  getShortestPath,
  getStrandingGlobals,
  getTraps,
  getVariableFindings,
} from "../../src/graph/index.js";
import type { Pathway } from "../../src/model/index.js";
import { node, pathway } from "./support.js";

describe("createPathwayGraph", () => {
  it("has a node per unique id and an edge per edge, route, fallback and response route", () => {
    const p = pathway(
      [
        node("a"),
        node("r", "Route", { routes: [{ conditions: [], targetNodeId: "b" }], fallbackNodeId: "c" }),
        node("w", "Webhook", { responsePathways: [["Default/Webhook Completion", "", "", { id: "end", name: "End" }]] }),
        node("b"),
        node("c"),
        node("end", "End Call"),
      ],
      [["a", "r"], ["b", "w"], ["c", "missing"]],
    );
    const g = createPathwayGraph(p);
    expect(g.nodes()).toEqual(["a", "r", "w", "b", "c", "end"]);
    expect(g.edges().map((e) => `${e.v}->${e.w}:${e.name}`).sort()).toEqual(
      ["a->r:edge:0", "b->w:edge:1", "r->b:route:r:0", "r->c:fallback:r", "w->end:response:w:0"].sort(),
    );
    expect(g.graph()).toEqual({ start: "a", globals: [] });
    expect(g.node("end").isExit).toBe(true);
  });

  it("keeps parallel edges between the same two nodes", () => {
    const g = createPathwayGraph(pathway([node("a"), node("b")], [["a", "b"], ["a", "b"]]));
    expect(g.edgeCount()).toBe(2);
  });
});

describe("getReachability", () => {
  it("lists nodes no path from the start reaches, in file order", () => {
    const p = pathway([node("a"), node("b"), node("c"), node("d")], [["a", "b"], ["c", "d"]]);
    expect(getReachability(p)).toEqual({ start: "a", reachable: ["a", "b"], unreachable: ["c", "d"] });
  });

  it("counts global nodes, and what they lead to, as reachable", () => {
    const p = pathway([node("a"), node("g", "Default", { isGlobal: true, globalLabel: "help" }), node("h")], [["g", "h"]]);
    expect(getReachability(p).unreachable).toEqual([]);
  });

  it("follows Route routes, fallbacks and webhook response routes", () => {
    const p = pathway([
      node("a", "Route", { routes: [{ targetNodeId: "b" }], fallbackNodeId: "c" }),
      node("b", "Webhook", { responsePathways: [["status", "==", "200", { id: "d" }]] }),
      node("c"),
      node("d"),
    ]);
    expect(getReachability(p).unreachable).toEqual([]);
  });

  it("reports every node unreachable when there is no start node", () => {
    const p = { nodes: [node("a"), node("b")], edges: [] } as unknown as Pathway;
    expect(getReachability(p)).toEqual({ reachable: [], unreachable: ["a", "b"] });
  });

  it("handles a 100,000-node chain without overflowing the stack", () => {
    const n = 100_000;
    const nodes = Array.from({ length: n }, (_, i) => node(`n${i}`, i === n - 1 ? "End Call" : "Default"));
    const pairs = Array.from({ length: n - 1 }, (_, i) => [`n${i}`, `n${i + 1}`] as [string, string]);
    const p = pathway(nodes, pairs);
    expect(getReachability(p).unreachable).toEqual([]);
    expect(getDeadEnds(p)).toEqual([]);
    expect(getTraps(p)).toEqual([]);
    expect(getShortestPath(p, `n${n - 1}`)).toHaveLength(n);
  });

  it("checks variables along a 100,000-node chain without overflowing the stack", () => {
    const n = 100_000;
    const nodes = Array.from({ length: n }, (_, i) =>
      node(`n${i}`, i === n - 1 ? "End Call" : "Default", i === 1 ? { extractVars: [["v", "string", "v"]] } : i === n - 2 ? { prompt: "{{v}}" } : {}),
    );
    const pairs = Array.from({ length: n - 1 }, (_, i) => [`n${i}`, `n${i + 1}`] as [string, string]);
    expect(getVariableFindings(pathway(nodes, pairs))).toMatchObject({ undefined: [], maybeUnset: [], opaque: [] });
  });
});

describe("getDeadEnds", () => {
  it("reports nodes without a way out that neither end nor transfer the call", () => {
    const p = pathway(
      [node("a"), node("b"), node("end", "End Call"), node("t", "Transfer Call", { transferNumber: "+15550000000" }), node("tp", "Transfer Pathway")],
      [["a", "b"], ["a", "end"], ["a", "t"], ["a", "tp"]],
    );
    expect(getDeadEnds(p)).toEqual(["b"]);
  });

  it("does not count a global node with auto-return, and counts one without", () => {
    const p = pathway([
      node("a", "End Call"),
      node("back", "Default", { isGlobal: true, globalLabel: "x", enableGlobalAutoReturn: true }),
      node("stuck", "Default", { isGlobal: true, globalLabel: "y" }),
    ]);
    expect(getDeadEnds(p)).toEqual(["stuck"]);
    expect(getStrandingGlobals(p)).toEqual(["stuck"]);
    expect(getGlobalNodes(p)).toEqual(["back", "stuck"]);
  });
});

describe("getTraps", () => {
  it("reports a loop with no path to an ending, and not one with an exit", () => {
    const p = pathway(
      [node("a"), node("b"), node("c"), node("d"), node("e"), node("end", "End Call")],
      [["a", "b"], ["b", "c"], ["c", "b"], ["a", "d"], ["d", "e"], ["e", "d"], ["e", "end"]],
    );
    expect(getTraps(p)).toEqual([["b", "c"]]);
  });

  it("reports a node that only loops to itself", () => {
    expect(getTraps(pathway([node("a"), node("b")], [["a", "b"], ["b", "b"]]))).toEqual([["b"]]);
  });

  it("does not call a plain dead end a trap", () => {
    expect(getTraps(pathway([node("a"), node("b")], [["a", "b"]]))).toEqual([]);
  });
});

describe("shortest paths", () => {
  it("gives the fewest steps from the start, with a jump to a global node as one step", () => {
    const p = pathway(
      [node("a"), node("b"), node("c"), node("g", "Default", { isGlobal: true, globalLabel: "x" }), node("z")],
      [["a", "b"], ["b", "c"], ["a", "c"]],
    );
    expect(getDistances(p)).toEqual({ a: 0, b: 1, c: 1, g: 1 });
    expect(getShortestPath(p, "c")).toEqual(["a", "c"]);
    expect(getShortestPath(p, "z")).toBeUndefined();
    expect(getShortestPath(p, "nope")).toBeUndefined();
  });
});
