// replayCall: a recorded path on an edited pathway: the same, or the first point of divergence and why.
import { describe, expect, it } from "vitest";
import { readCallRecord, replayCall, type CallRecord } from "../../src/calls/index.js";
import type { Pathway } from "../../src/model/index.js";

const BASE = {
  nodes: [
    { id: "a", type: "Default", data: { name: "A", isStart: true, text: "Hi" } },
    {
      id: "r",
      type: "Route",
      data: { name: "R", routes: [{ conditions: [{ field: "kind", operator: "is", value: "x" }], targetNodeId: "b" }], fallbackNodeId: "c" },
    },
    { id: "b", type: "Default", data: { name: "B", text: "B" } },
    { id: "c", type: "End Call", data: { name: "C", text: "Bye" } },
  ],
  edges: [
    { id: "ar", source: "a", target: "r", label: "go" },
    { id: "bc", source: "b", target: "c", label: "done" },
  ],
};

function edited(change: (p: typeof BASE) => void): Pathway {
  const copy = structuredClone(BASE);
  change(copy);
  return copy as unknown as Pathway;
}

function call(nodes: string[], variables: Record<string, unknown> = { kind: "x" }, requestData?: Record<string, unknown>): CallRecord {
  const read = readCallRecord({
    call_id: "c1",
    variables,
    ...(requestData && { request_data: requestData }),
    pathway_logs: nodes.map((n) => ({ chosen_node_id: n })),
  });
  if (!("record" in read)) throw new Error(read.problem);
  return read.record;
}

describe("replayCall", () => {
  it.each([
    ["an unchanged pathway", () => {}, ["a", "r", "b", "c"], { status: "same" }],
    [
      "an edge removed",
      (p: typeof BASE) => p.edges.splice(1, 1),
      ["a", "r", "b", "c"],
      { status: "diverged", divergence: { reason: "way-gone", step: 3, fromNodeId: "b", nodeId: "c" } },
    ],
    [
      "a node removed",
      (p: typeof BASE) => p.nodes.splice(2, 1),
      ["a", "r", "b", "c"],
      { status: "diverged", divergence: { reason: "node-removed", step: 2, nodeId: "b" } },
    ],
    [
      "a route condition now false",
      (p: typeof BASE) => (p.nodes[1]!.data.routes![0]!.conditions[0]!.value = "y"),
      ["a", "r", "b", "c"],
      { status: "diverged", divergence: { reason: "condition-false", step: 2, fromNodeId: "r", nodeId: "b" } },
    ],
    ["a fallback still there", () => {}, ["a", "r", "c"], { status: "same" }],
  ])("on %s", (_name, change, nodes, expected) => {
    expect(replayCall(call(nodes), edited(change))).toMatchObject(expected);
  });

  type Edit = (p: typeof BASE) => void;
  const readsOrder: Edit = (p) => (p.nodes[2]!.data.text = "Your order {{order.id}}");
  const extractsOrder: Edit = (p) => ((p.nodes[0]!.data as Record<string, unknown>).extractVars = [["order", "object", "the order"]]);
  // With the pathway the call ran on (BASE) as the base: a read is a divergence only where the edit made it newly unset.
  it.each<[string, Edit, Record<string, unknown>, Record<string, unknown> | undefined, object]>([
    [
      "a read the edit added that nothing sets",
      readsOrder,
      { kind: "x" },
      undefined,
      { status: "diverged", divergence: { reason: "variable-unset", step: 2, nodeId: "b" } },
    ],
    [
      "a read set by a node before it on the path",
      (p) => {
        readsOrder(p);
        extractsOrder(p);
      },
      { kind: "x" },
      undefined,
      { status: "same" },
    ],
    [
      "a read set only by a node after it",
      (p) => {
        readsOrder(p);
        (p.nodes[3]!.data as Record<string, unknown>).extractVars = [["order", "object", "the order"]];
      },
      { kind: "x" },
      undefined,
      { status: "diverged", divergence: { reason: "variable-unset", step: 2 } },
    ],
    ["a read the call's request_data gives", readsOrder, { kind: "x" }, { order: { id: 1 } }, { status: "same" }],
    [
      "a read of a variable the call had from elsewhere (no node of its path set it)",
      readsOrder,
      { kind: "x", order: { id: 1 } },
      undefined,
      { status: "same" },
    ],
    ["a system variable", (p) => (p.nodes[2]!.data.text = "From {{from}}"), { kind: "x" }, undefined, { status: "same" }],
    [
      "a read after Custom Code whose outputs cannot be read",
      (p) => {
        readsOrder(p);
        p.nodes[0]!.type = "Custom Code";
        (p.nodes[0]!.data as Record<string, unknown>).code = "return Response.json({...x})";
      },
      { kind: "x" },
      undefined,
      { status: "same" },
    ],
    [
      "a removed edge before an unset read: the earlier point",
      (p) => {
        readsOrder(p);
        p.nodes[3]!.data.text = "{{gone}}";
        p.edges.splice(1, 1);
      },
      { kind: "x" },
      undefined,
      { status: "diverged", divergence: { reason: "variable-unset", step: 2, nodeId: "b" } },
    ],
  ])("with the base, on %s", (_name, change, variables, requestData, expected) => {
    expect(replayCall(call(["a", "r", "b", "c"], variables, requestData), edited(change), { base: edited(() => {}) })).toMatchObject(expected);
  });

  it("with the base, reports a read the edit leaves unset by taking away the extraction the call's value came from", () => {
    const ran = edited((p) => {
      readsOrder(p);
      extractsOrder(p);
    });
    const record = call(["a", "r", "b", "c"], { kind: "x", order: { id: 7 } });
    expect(replayCall(record, ran, { base: ran })).toMatchObject({ status: "same" });
    expect(replayCall(record, edited(readsOrder), { base: ran })).toMatchObject({
      status: "diverged",
      divergence: { reason: "variable-unset", step: 2, nodeId: "b" },
    });
  });

  it("without the base, never calls a read unset: on the pathway it ran on, a variable the call never had was unset there too", () => {
    // The case: Greeting -> End Call, the end reads {{party_size}}, which nothing sets, on an unedited pathway.
    const pathway = {
      nodes: [
        { id: "g", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi" } },
        { id: "5", type: "End Call", data: { name: "Bye", text: "A table for {{party_size}}." } },
      ],
      edges: [{ id: "e", source: "g", target: "5", label: "done" }],
    } as unknown as Pathway;
    expect(replayCall(call(["g", "5"], {}), pathway)).toMatchObject({ status: "same" });
    expect(replayCall(call(["g", "5"], {}), pathway, { base: pathway })).toMatchObject({ status: "same" });
  });

  it("without the base, leaves a route condition alone when a later node may have changed what it read", () => {
    // The route took kind = x; a later node extracts kind again, and the call ended with kind = y.
    const later = edited((p) => ((p.nodes[2]!.data as Record<string, unknown>).extractVars = [["kind", "string", "the kind"]]));
    expect(replayCall(call(["a", "r", "b", "c"], { kind: "y" }), later)).toMatchObject({ status: "same" });
    expect(
      replayCall(
        call(["a", "r", "b", "c"], {}),
        edited(() => {}),
      ),
    ).toMatchObject({ status: "same" });
    expect(
      replayCall(
        call(["a", "r", "b", "c"], { kind: "y" }),
        edited(() => {}),
      ),
    ).toMatchObject({ status: "diverged", divergence: { reason: "condition-false" } });
  });

  it("skips a record without a log, and says why", () => {
    const read = readCallRecord({ call_id: "t", pathway_logs: null });
    expect(
      "record" in read &&
        replayCall(
          read.record,
          edited(() => {}),
        ),
    ).toMatchObject({ status: "skipped", reason: "a task call: no pathway and no pathway log" });
  });
});
