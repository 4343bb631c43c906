// v2 call event traces (GET /v1/pathway_calls/{id}?v=2) read as call records: a fixture per documented shape, the uncertain cases and hostile ones.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CALL_EVENT_TYPES,
  CALL_OPERATIONS,
  createCallStats,
  mapCallToPathway,
  readCallRecord,
  readCallValues,
  type CallRecord,
} from "../../src/calls/index.js";
import type { Pathway } from "../../src/model/index.js";
import { projectCall } from "../support/call-projection.js";
import { ROOT } from "../support/cli.js";
import { cpuMsOf } from "../support/cpu-time.js";

const DIR = path.join(ROOT, "test/fixtures/call-events");
const CLINIC = JSON.parse(readFileSync(path.join(DIR, "clinic.json"), "utf8")) as Pathway;
const CASES = readdirSync(DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const inputOf = (name: string) => readdirSync(path.join(DIR, name)).find((f) => f !== "expected.json")!;

/** The calls of a file's text, each read and mapped onto the clinic pathway (or the problem met). */
function readAll(text: string, ndjson = false): unknown[] {
  return [...readCallValues(text, { ndjson })].map((item) => {
    if ("problem" in item) return { problem: item.problem };
    const read = readCallRecord(item.value);
    if ("problem" in read) return { problem: read.problem };
    return projectCall(read.record, mapCallToPathway(read.record, CLINIC, { pathwayId: "pw-clinic", pathwayVersion: 4 }));
  });
}

function record(value: unknown): CallRecord {
  const read = readCallRecord(value);
  if ("problem" in read) throw new Error(read.problem);
  return read.record;
}

const C = "call-1";
const ev = (sequence: unknown, event_type: unknown, node_id: unknown, payload: unknown = {}, more: Record<string, unknown> = {}) => ({
  conversation_id: C,
  sequence,
  event_type,
  node_id,
  operation_id: null,
  payload,
  created_at: "2026-08-05T10:00:00Z",
  ...more,
});
const init = ev(1, "conversation.init", null, { pathway_id: "pw-clinic", start_node_id: "greet", version: "4" });
const to = (sequence: number, from: string, chosen: string, payload: Record<string, unknown> = {}) =>
  ev(sequence, "node.transition", from, { chosen_node_id: chosen, ...payload });
const mapped = (events: unknown[]) => mapCallToPathway(record(events), CLINIC);

describe("v2 call event traces: the fixtures", () => {
  it.each(CASES)("reads %s as its expected.json says", (name) => {
    const file = inputOf(name);
    const expected = JSON.parse(readFileSync(path.join(DIR, name, "expected.json"), "utf8")) as unknown;
    expect(readAll(readFileSync(path.join(DIR, name, file), "utf8"), file.endsWith(".ndjson"))).toEqual(expected);
  });

  it("holds every event shape the documentation lists, each operation's invoke and result, and every webhook phase", () => {
    const seen = new Set<string>();
    for (const name of CASES) {
      const text = readFileSync(path.join(DIR, name, inputOf(name)), "utf8");
      for (const m of text.matchAll(/"event_type": ?"([^"]+)"/g)) seen.add(m[1]!);
    }
    const documented = [
      ...CALL_EVENT_TYPES,
      ...CALL_OPERATIONS.flatMap((op) => [`${op}.invoke`, `${op}.result`]),
      "webhook.mapping",
      "webhook.error",
      "webhook.warning",
    ];
    expect(documented.filter((t) => !seen.has(t))).toEqual([]);
  });

  it("counts per node the webhooks run and failed, and the variables changed, over the fixtures", () => {
    const stats = createCallStats(CLINIC);
    for (const name of CASES) {
      const file = inputOf(name);
      for (const item of readCallValues(readFileSync(path.join(DIR, name, file), "utf8"), { ndjson: file.endsWith(".ndjson") })) {
        if ("value" in item) stats.add(mapCallToPathway(record(item.value), CLINIC));
      }
    }
    const result = stats.result();
    const check = result.nodes.find((n) => n.id === "check")!;
    // every-event 1 ok; out-of-order 1 ok; record-with-events 1 (404); webhook-failures 5 (500, error, ok but empty, sent, no answer).
    expect(check.webhooks).toEqual({
      invoked: 8,
      failed: 3,
      examples: [
        "webhook answered 404",
        "webhook answered 500",
        "mapping of slot_id: error (body is not JSON)",
        "webhook failed: connect ECONNREFUSED",
        "mapping of slot_id: empty",
      ],
    });
    expect(result.nodes.find((n) => n.id === "greet")!.variablesChanged).toEqual([
      { name: "day", calls: 3 },
      { name: "time", calls: 2 },
      { name: "intent", calls: 1 },
    ]);
    expect(result.nodes.find((n) => n.id === "ask")!.webhooks).toBeUndefined();
    expect(result.unknownEventTypes).toEqual([
      { type: "sentiment.score", calls: 1 },
      { type: "voicemail.detected", calls: 1 },
      { type: "webhook.cancelled", calls: 1 },
    ]);
  });
});

describe("v2 call event traces: uncertain cases", () => {
  it("orders by sequence, never by created_at, and reads gaps as nothing", () => {
    const events = [to(900, "ask", "check", {}), { ...init, created_at: "2026-08-05T11:00:00Z" }, to(5, "greet", "ask")];
    expect(mapped(events).steps.map((s) => s.nodeId)).toEqual(["greet", "ask", "check"]);
  });

  it("keeps an event without a sequence after the event before it, and events of one sequence in file order", () => {
    const events = [init, to(3, "greet", "ask"), ev(3, "transcript.user", "ask", { text: "same sequence" }), { ...to(0, "ask", "check"), sequence: undefined }];
    const path = mapped(events);
    expect(path.steps.map((s) => s.nodeId)).toEqual(["greet", "ask", "check"]);
    expect(path.steps[1]!.turns.map((t) => t.text)).toEqual(["same sequence"]);
  });

  it("reads a version given as text or as a number, and compares it with --pathway-version as text", () => {
    for (const version of ["4", 4, " 4 "]) {
      const path = mapCallToPathway(record([ev(1, "conversation.init", null, { pathway_id: "pw", start_node_id: "greet", version })]), CLINIC, {
        pathwayVersion: 4,
      });
      expect(path.status).toBe("mapped");
    }
    expect(mapCallToPathway(record([init]), CLINIC, { pathwayVersion: 5 }).reason).toBe("a call of another version (4, not 5)");
  });

  it("pairs a result with its invoke by operation_id when two webhooks overlap", () => {
    const events = [
      init,
      to(2, "greet", "ask"),
      to(3, "ask", "check"),
      ev(4, "webhook.invoke", "check"),
      ev(5, "webhook.invoke", "check"),
      ev(6, "webhook.result", "check", { status: 503 }, { operation_id: 4 }),
      ev(7, "webhook.result", "check", { status: 200 }, { operation_id: 5 }),
    ];
    expect(mapped(events).steps[2]!.webhooks!.map((w) => [w.sequence, w.outcome, w.status])).toEqual([
      [4, "failed", 503],
      [5, "ok", 200],
    ]);
  });

  it("calls a webhook failed when an error comes before or after its result", () => {
    for (const order of [
      [6, 7],
      [7, 6],
    ]) {
      const events = [
        init,
        to(2, "greet", "ask"),
        to(3, "ask", "check"),
        ev(4, "webhook.invoke", "check"),
        ev(order[0], "webhook.result", "check", { status: 200 }, { operation_id: 4 }),
        ev(order[1], "webhook.error", "check", { message: "mapping crashed" }, { operation_id: 4 }),
      ];
      expect(mapped(events).steps[2]!.webhooks!.map((w) => [w.outcome, w.message])).toEqual([["failed", "mapping crashed"]]);
    }
  });

  it("reads a trace without conversation.init from the nodes its events name, and its transitions", () => {
    const path = mapped([to(1, "greet", "ask", { variable_changes: { added: { day: "Monday" } } }), to(2, "ask", "check")]);
    expect(path.steps.map((s) => s.nodeId)).toEqual(["ask", "check"]);
    expect(path.steps.map((s) => s.via)).toEqual(["entry", "edge"]);
    expect(path.steps[0]!.variableChanges).toEqual({ added: ["day"], modified: [], removed: [] });
    expect(path.variables).toEqual({ day: "Monday" });
  });

  it("splits a list of two calls' events into two calls, and refuses it as one record", () => {
    const other = (e: Record<string, unknown>) => ({ ...e, conversation_id: "call-2" });
    const list = [init, other(init), to(2, "greet", "ask"), other(to(2, "greet", "desk"))];
    const values = [...readCallValues(JSON.stringify(list))];
    expect(values.map((v) => ("value" in v ? record(v.value).callId : v.problem))).toEqual(["call-1", "call-2"]);
    expect(readCallRecord(list)).toEqual({
      problem: "not one call's events: the trace names 2 calls (call-1, call-2); read its calls one by one (readCallValues splits them)",
    });
  });

  it("gives an event that names no call to the one call of its trace, and reports those of a list of several calls", () => {
    const anonymous = { ...to(2, "greet", "ask"), conversation_id: undefined };
    expect(mapped([init, anonymous]).steps.map((s) => s.nodeId)).toEqual(["greet", "ask"]);
    const values = [...readCallValues(JSON.stringify([init, { ...init, conversation_id: "call-2" }, anonymous]))];
    expect(values.filter((v) => "problem" in v)).toEqual([
      { problem: "1 of the events name no conversation_id, in a list of 2 calls' events: which call each belongs to cannot be told, so they are not read" },
    ]);
    expect(readCallRecord([{ ...init, conversation_id: undefined }])).toEqual({
      problem: "not a call record: a v2 event trace whose events name no conversation_id (the call id)",
    });
  });

  it("reads NDJSON event lines as one trace per run of one call's lines", () => {
    const lines = [init, to(2, "greet", "ask"), { ...init, conversation_id: "call-2" }, to(3, "ask", "check")].map((e) => JSON.stringify(e)).join("\n");
    const values = [...readCallValues(lines, { ndjson: true })];
    // The last line is call-1's again, after call-2's: a run of its own (interleaved calls are not joined).
    expect(values.map((v) => ("value" in v ? [v.line, (v.value as unknown[]).length] : v.problem))).toEqual([
      [1, 2],
      [3, 1],
      [4, 1],
    ]);
  });

  it("keeps one call's NDJSON event lines one trace across a line that cannot be read", () => {
    const lines = [JSON.stringify(init), "{broken", JSON.stringify(to(2, "greet", "ask"))].join("\n");
    const values = [...readCallValues(lines, { ndjson: true })];
    // The broken line is its own problem; the call is still one call, never counted twice.
    expect(values.map((v) => ("value" in v ? [v.line, (v.value as unknown[]).length] : [v.line, v.problem.replace(/JSON: .*/, "JSON")]))).toEqual([
      [2, "line 2 is not JSON"],
      [1, 2],
    ]);
  });

  it("prefers a record's v2 events to its pathway_logs, and its own fields to theirs", () => {
    const r = record({
      call_id: C,
      pathway_id: "pw-record",
      variables: { day: "Friday" },
      pathway_logs: [{ chosen_node_id: "desk", role: "assistant", text: "" }],
      pathway_events: JSON.stringify([init, to(2, "greet", "ask", { variable_changes: { added: { day: "Monday" } } })]),
    });
    expect([r.logFormat, r.pathwayId, r.pathwayVersion, r.variables]).toEqual(["events", "pw-record", "4", { day: "Friday" }]);
    expect(mapCallToPathway(r, CLINIC).steps.map((s) => s.nodeId)).toEqual(["greet", "ask"]);
  });

  it("reads a record's pathway_logs when its v2 events are an empty list, as a list or as JSON text", () => {
    const logs = [{ chosen_node_id: "greet", role: "assistant", text: "Hello" }, { chosen_node_id: "ask" }];
    for (const events of [[], "[]"]) {
      const r = record({ call_id: C, pathway_id: "pw-clinic", pathway_logs: logs, pathway_events: events });
      expect([r.logFormat, mapCallToPathway(r, CLINIC).steps.map((s) => s.nodeId)]).toEqual(["entries", ["greet", "ask"]]);
    }
    // Without pathway_logs, the empty trace is the log: empty, as it says.
    expect(mapCallToPathway(record({ call_id: C, pathway_id: "pw-clinic", pathway_events: [] }), CLINIC).reason).toBe("the pathway log is empty");
  });

  it("refuses a record's v2 events that are another call's", () => {
    const r = record({ call_id: "call-9", pathway_events: [init] });
    expect([r.log, r.logProblem]).toEqual([undefined, "the v2 events in the record are another call's (call-1, not call-9)"]);
    expect(mapCallToPathway(r, CLINIC).reason).toBe("the v2 events in the record are another call's (call-1, not call-9)");
  });
});

describe("v2 call event traces: hostile input", () => {
  it("says what is not a call: one event alone, an empty list, an event among records", () => {
    expect(readCallRecord(init)).toEqual({ problem: "not a call record: one v2 event (conversation.init); a trace is the list of a call's events" });
    expect([...readCallValues("[]")]).toEqual([{ problem: "an empty list: no call record in it" }]);
    expect([...readCallValues('{"calls": []}')]).toEqual([{ problem: "an empty list: no call record in it" }]);
    const mixed = [...readCallValues(JSON.stringify([{ call_id: "a" }, init]))];
    expect(mixed).toEqual([
      { value: { call_id: "a" } },
      { problem: "a v2 call event (conversation.init) in a list of call records: a trace is a list of one call's events" },
    ]);
  });

  it("counts entries of a trace that are not events as of an unknown shape, and reads the rest", () => {
    const path = mapped([init, 42, null, "text", [], { conversation_id: C, something: 1 }, to(2, "greet", "ask")]);
    expect(path.steps.map((s) => s.nodeId)).toEqual(["greet", "ask"]);
    expect(path.unmapped.map((u) => u.reason)).toEqual(["unknown-shape", "unknown-shape", "unknown-shape", "unknown-shape", "unknown-shape"]);
    expect(path.status).toBe("partial");
  });

  it("reads fields of the wrong type as absent: payloads that are not objects, ids that are not text, sequences that are text", () => {
    const events = [
      init,
      ev(2, "node.transition", "greet", ["ask"]),
      ev(3, "node.transition", "greet", { chosen_node_id: { id: "ask" }, variable_changes: "day", failures: "oops" }),
      ev("4", "node.transition", "greet", { chosen_node_id: "ask", variable_changes: { added: ["not", "an object"], removed: ["gone"] } }),
      ev(5, "webhook.result", "ask", null, { operation_id: "4" }),
      ev(6, "webhook.mapping", "ask", { mappings: [null, { name: 3 }, { name: "x", outcome: "empty" }] }, { operation_id: 99 }),
    ];
    const path = mapped(events);
    expect(path.steps.map((s) => s.nodeId)).toEqual(["greet", "ask"]);
    expect(path.steps[0]!.variableChanges).toEqual({ added: ["not", "an object"], modified: [], removed: ["gone"] });
    expect(path.steps[1]!.webhooks!.map((w) => [w.outcome, w.mappings])).toEqual([
      ["ok", undefined],
      ["no-answer", [{ name: "x", outcome: "empty" }]],
    ]);
  });

  it("keeps __proto__ and constructor variables as data, never as the object's prototype", () => {
    const events = [
      ev(1, "conversation.init", null, JSON.parse('{"start_node_id": "greet", "initial_variables": {"__proto__": {"polluted": true}, "constructor": 1}}')),
      to(2, "greet", "ask", JSON.parse('{"variable_changes": {"added": {"__proto__": {"x": 1}}, "modified": {"toString": 2}}}')),
    ];
    const r = record(events);
    expect(Object.keys(r.variables)).toEqual(["__proto__", "constructor", "toString"]);
    expect(Object.getPrototypeOf(r.variables)).toBe(null);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(r.variables))).toEqual(JSON.parse('{"__proto__": {"x": 1}, "constructor": 1, "toString": 2}'));
  });

  it("does not take a list whose first object's event_type is not text for a trace", () => {
    expect([...readCallValues(JSON.stringify([{ event_type: 7, conversation_id: C }]))].map((v) => ("value" in v ? readCallRecord(v.value) : v))).toEqual([
      { problem: "not a call record: no call_id (nor c_id)" },
    ]);
  });

  it("reads a long trace in one pass: 20,000 events of one call", () => {
    const events: unknown[] = [init, to(2, "greet", "ask")];
    for (let k = 0; k < 10_000; k++)
      events.push(to(2 * k + 3, k % 2 === 0 ? "ask" : "check", k % 2 === 0 ? "check" : "ask"), ev(2 * k + 4, "transcript.user", null, { text: `turn ${k}` }));
    const path = mapped(events);
    expect(path.steps.length).toBe(10_002);
    expect(path.status).toBe("mapped");
  });

  it("reads 100,000 event types it does not know and a decision changing 100,000 variables in linear time", () => {
    const names = Object.fromEntries(Array.from({ length: 100_000 }, (_, k) => [`v${k}`, k]));
    const events: unknown[] = [init, to(2, "greet", "ask", { variable_changes: { added: names } })];
    for (let k = 0; k < 100_000; k++) events.push(ev(k + 3, `custom.kind${k}`, "ask"));
    let r!: ReturnType<typeof record>;
    let path!: ReturnType<typeof mapCallToPathway>;
    const cpuMs = cpuMsOf(() => {
      r = record(events);
      path = mapCallToPathway(r, CLINIC);
    });
    // Each name looked up among those kept, once: a search of the list per name took 30 s of CPU here.
    expect(cpuMs).toBeLessThan(5_000);
    expect(r.unknownEventTypes?.length).toBe(100_000);
    expect(path.steps[0]!.variableChanges?.added.length).toBe(100_000);
  });
});
