// readCallValues and readCallRecord: every way a saved calls file holds records, and what is not a record.
import { describe, expect, it } from "vitest";
import { readCallRecord, readCallValues } from "../../src/calls/index.js";

const values = (text: string, ndjson?: boolean) =>
  [...readCallValues(text, { ndjson })].map((v) => ("value" in v ? { value: v.value, line: v.line } : { problem: v.problem.replace(/:.*/, ""), line: v.line }));

describe("readCallValues", () => {
  it.each([
    ["one record", `{"call_id":"a"}`, [{ value: { call_id: "a" }, line: undefined }]],
    [
      "a list",
      `[{"call_id":"a"},{"call_id":"b"}]`,
      [
        { value: { call_id: "a" }, line: undefined },
        { value: { call_id: "b" }, line: undefined },
      ],
    ],
    ["the list answer", `{"calls":[{"call_id":"a"}],"total_count":1}`, [{ value: { call_id: "a" }, line: undefined }]],
    [
      "NDJSON with a broken line",
      `{"call_id":"a"}\n{oops\n\n{"call_id":"b"}\n`,
      [
        { value: { call_id: "a" }, line: 1 },
        { problem: "line 2 is not JSON", line: 2 },
        { value: { call_id: "b" }, line: 4 },
      ],
    ],
    ["broken JSON", `{"call_id":`, [{ problem: "not JSON", line: undefined }]],
  ])("reads %s", (_name, text, expected) => {
    expect(values(text)).toEqual(expected);
  });

  it("reads a .ndjson file line by line even when it holds one line", () => {
    expect(values(`{"call_id":"a"}`, true)).toEqual([{ value: { call_id: "a" }, line: 1 }]);
  });
});

describe("readCallRecord", () => {
  it.each([
    [null, "not a call record: a JSON null, not an object"],
    [[1], "not a call record: a JSON list, not an object"],
    [{ id: 1 }, "not a call record: no call_id (nor c_id)"],
  ])("refuses %j", (value, problem) => {
    expect(readCallRecord(value)).toEqual({ problem });
  });

  it("unwraps {data: record} and reads c_id when call_id is missing", () => {
    const read = readCallRecord({ data: { c_id: "x", queue_status: "complete", pathway_version: 2 } });
    expect("record" in read && [read.record.callId, read.record.queueStatus, read.record.pathwayVersion]).toEqual(["x", "complete", 2]);
  });
});
