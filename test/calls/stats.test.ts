// createCallStats: per node and way counts of mapped calls, matched against a hand count.
import { describe, expect, it } from "vitest";
import { createCallStats, mapCallToPathway, readCallRecord } from "../../src/calls/index.js";
import type { Pathway } from "../../src/model/index.js";

const PATHWAY = {
  nodes: [
    { id: "a", type: "Default", data: { name: "A", isStart: true, text: "Hi" } },
    {
      id: "b",
      type: "Default",
      data: {
        name: "B",
        prompt: "Ask",
        extractVars: [
          ["day", "string", "d"],
          ["time", "string", "t"],
        ],
      },
    },
    { id: "c", type: "End Call", data: { name: "C", text: "Bye" } },
    { id: "d", type: "End Call", data: { name: "D", text: "Bye" } },
  ],
  edges: [
    { id: "ab", source: "a", target: "b", label: "go" },
    { id: "bc", source: "b", target: "c", label: "done" },
    { id: "bd", source: "b", target: "d", label: "other" },
  ],
} as unknown as Pathway;

function call(id: string, nodes: string[], extra: Record<string, unknown> = {}) {
  const read = readCallRecord({ call_id: id, queue_status: "complete", pathway_logs: nodes.map((n) => ({ chosen_node_id: n })), ...extra });
  if (!("record" in read)) throw new Error(read.problem);
  return mapCallToPathway(read.record, PATHWAY);
}

describe("createCallStats", () => {
  it("counts calls that reached and ended at each node, ways taken and never taken, and variables never filled", () => {
    const stats = createCallStats(PATHWAY);
    stats.add(call("1", ["a", "b", "c"], { variables: { day: "Mon" } }));
    stats.add(call("2", ["a", "b", "a", "b", "c"]));
    stats.add(call("3", ["a", "b"], { queue_status: "call_error" }));
    stats.add(call("4", ["a", "zz"]));
    stats.add(call("5", [], { pathway_logs: null }));
    const r = stats.result();
    expect([r.calls, r.mapped, r.partial, r.unmapped, r.mappedShare]).toEqual([5, 2, 2, 1, 0.8]);
    expect(r.nodes.map((n) => [n.id, n.reached, n.endedHere, n.errors])).toEqual([
      ["a", 4, 1, 0],
      ["b", 3, 1, 1],
      ["c", 2, 2, 0],
      ["d", 0, 0, 0],
    ]);
    // Call 2 went a, b, a, b, c: the move b -> a is no way of the pathway (unmapped), and a -> b counts once per call.
    expect(r.ways.map((w) => [w.from, w.to, w.kind, w.taken])).toEqual([
      ["a", "b", "edge", 3],
      ["b", "c", "edge", 2],
      ["b", "d", "edge", 0],
    ]);
    expect(r.nodesNeverReached).toEqual(["d"]);
    expect(r.waysNeverTaken).toEqual(["b -> d (edge)"]);
    expect(r.variablesNeverFilled).toEqual(["time"]);
    expect(r.unmappedSteps).toEqual([
      { reason: "no-way", count: 1, examples: ["no way of the pathway leads from b to a"] },
      { reason: "unknown-node", count: 1, examples: ["log entry 1 names node zz, which is not in the pathway"] },
    ]);
    expect(r.notMappedReasons).toEqual([{ reason: "a task call: no pathway and no pathway log", count: 1 }]);
    expect(r.endings).toEqual({ completed: 4, error: 1 });
  });
});
