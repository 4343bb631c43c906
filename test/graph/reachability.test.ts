// Reachability, dead ends, traps, global nodes and shortest paths over the flow model.
import { describe, expect, it } from "vitest";
import {
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

describe("getReachability", () => {
  it("lists nodes no path from the start reaches, in file order", () => {
    const p = pathway(
      [node("a"), node("b"), node("c"), node("d")],
      [
        ["a", "b"],
        ["c", "d"],
      ],
    );
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
      [
        ["a", "b"],
        ["a", "end"],
        ["a", "t"],
        ["a", "tp"],
      ],
    );
    expect(getDeadEnds(p)).toEqual(["b"]);
  });

  it("does not count a global node that returns (documented or assumed), and counts one told not to", () => {
    const p = pathway([
      node("a", "End Call"),
      node("back", "Default", { isGlobal: true, globalLabel: "x", enableGlobalAutoReturn: true }),
      node("sample", "Default", { isGlobal: true, globalLabel: "z" }),
      node("stuck", "Default", { isGlobal: true, globalLabel: "y", enableGlobalAutoReturn: false }),
    ]);
    expect(getDeadEnds(p)).toEqual(["stuck"]);
    expect(getStrandingGlobals(p)).toEqual(["stuck"]);
    expect(getGlobalNodes(p)).toEqual(["back", "sample", "stuck"]);
  });
});

describe("getTraps", () => {
  it("reports a loop with no path to an ending, and not one with an exit", () => {
    const p = pathway(
      [node("a"), node("b"), node("c"), node("d"), node("e"), node("end", "End Call")],
      [
        ["a", "b"],
        ["b", "c"],
        ["c", "b"],
        ["a", "d"],
        ["d", "e"],
        ["e", "d"],
        ["e", "end"],
      ],
    );
    expect(getTraps(p)).toEqual([["b", "c"]]);
  });

  it("reports a node that only loops to itself", () => {
    expect(
      getTraps(
        pathway(
          [node("a"), node("b")],
          [
            ["a", "b"],
            ["b", "b"],
          ],
        ),
      ),
    ).toEqual([["b"]]);
  });

  it("does not call a plain dead end a trap", () => {
    expect(getTraps(pathway([node("a"), node("b")], [["a", "b"]]))).toEqual([]);
  });
});

describe("shortest paths", () => {
  it("gives the fewest steps from the start, with a jump to a global node as one step", () => {
    const p = pathway(
      [node("a"), node("b"), node("c"), node("g", "Default", { isGlobal: true, globalLabel: "x" }), node("z")],
      [
        ["a", "b"],
        ["b", "c"],
        ["a", "c"],
      ],
    );
    expect(getDistances(p)).toEqual({ a: 0, b: 1, c: 1, g: 1 });
    expect(getShortestPath(p, "c")).toEqual(["a", "c"]);
    expect(getShortestPath(p, "z")).toBeUndefined();
    expect(getShortestPath(p, "nope")).toBeUndefined();
  });
});
