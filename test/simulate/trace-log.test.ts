// A state's trace: built on first read from the chunks the engine shares between states, and a plain property to every reader.
import { describe, expect, it } from "vitest";
import type { Pathway } from "../../src/model/index.js";
import { createInitialState, createSimulator, transition, type SimState } from "../../src/simulate/index.js";
import { getEventsSince } from "../../src/simulate/trace-log.js";

const pathway: Pathway = {
  name: "Two steps",
  nodes: [
    { id: "a", type: "Default", data: { name: "A", isStart: true, text: "Hello." } },
    { id: "b", type: "Default", data: { name: "B", text: "Step two." } },
    { id: "c", type: "End Call", data: { name: "C", text: "Bye." } },
  ],
  edges: [
    { id: "ab", source: "a", target: "b", label: "next" },
    { id: "bc", source: "b", target: "c", label: "done" },
  ],
};

function run(): SimState[] {
  const sim = createSimulator(pathway);
  const s0 = createInitialState(sim);
  const s1 = transition(sim, s0, { user: "next", take: "next" });
  const s2 = transition(sim, s1, { user: "done", take: "done" });
  return [s0, s1, s2];
}

describe("the trace of engine states", () => {
  it("is one accessor shared by every state until read, then the state's own array, kept", () => {
    const [s0, s1, s2] = run();
    const accessors = [s0, s1, s2].map((s) => Object.getOwnPropertyDescriptor(s, "trace")!.get);
    expect(accessors[0]).toBeTypeOf("function");
    expect(new Set(accessors).size).toBe(1);
    const trace = s2!.trace;
    expect(Object.getOwnPropertyDescriptor(s2, "trace")).toMatchObject({ value: trace, enumerable: true, writable: true });
    expect(s2!.trace).toBe(trace);
    expect(trace.slice(0, s1!.trace.length)).toEqual(s1!.trace);
    expect(trace.filter((e) => e.type === "enter").map((e) => (e.type === "enter" ? e.nodeId : ""))).toEqual(["a", "b", "c"]);
  });

  it("reads the same through a spread, JSON, and an object inheriting from the state; keys keep their order", () => {
    const [, s1] = run();
    const inherited = Object.create(s1!) as SimState;
    expect(inherited.trace).toEqual(run()[1]!.trace);
    const [, fresh] = run();
    expect({ ...fresh }.trace).toEqual(s1!.trace);
    expect(JSON.parse(JSON.stringify(run()[1])).trace).toEqual(JSON.parse(JSON.stringify(s1!.trace)));
    expect(Object.keys(run()[1]!)).toEqual(["status", "variables", "turn", "returnTo", "visits", "trace", "nodeId"]);
  });

  it("takes an assigned trace as a plain property, and getEventsSince still answers from the chunks", () => {
    const [s0, s1, s2] = run();
    expect(getEventsSince(s1!, s2!).map((e) => e.type)).toContain("move");
    s2!.trace = [];
    expect(s2!.trace).toEqual([]);
    expect(Object.getOwnPropertyDescriptor(s2, "trace")).toMatchObject({ value: [], writable: true });
    expect(getEventsSince(s0!, s1!).length).toBeGreaterThan(0);
  });
});
