// Request bodies real clients send that the corpus lacks: an inbound update without a number and a v2 batch are told
// by their fields, and get exactly the findings beside them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { checkRequestText, checkRequestValue } from "../../src/requests/index.js";
import { NOW, PATHWAY } from "../support/request-text.js";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/newest-real-files-requests");
const key = (d: Diagnostic) => `${d.ruleId} ${d.pointer} ${d.range?.start.line}:${d.range?.start.column}`;

describe("check-request on the newest real bodies", () => {
  it.each([
    ["front-desk-inbound", "inbound"],
    ["recall-reminders-v2-batch", "batch-v2"],
  ])("%s is told to be %s by its fields, with every finding beside it and why", (name, kind) => {
    const fileName = `${name}.json`;
    const result = checkRequestText(readFileSync(path.join(FIXTURES, fileName)), { fileName, now: NOW });
    const expected = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.expected.json`), "utf8")) as { finding: string; reason: string }[];
    expect(result.kind).toBe(kind);
    for (const e of expected) expect(e.reason.length, e.finding).toBeGreaterThan(20);
    expect(result.diagnostics.map(key)).toEqual(expected.map((e) => e.finding));
  });

  it("tells an inbound update by its prompt whatever call fields it sends, but not a body with no identifying field", () => {
    expect(checkRequestValue({ prompt: "Front desk", voice_id: 2, reduce_latency: true, temperature: 0.5 }, { now: NOW }).kind).toBe("inbound");
    expect(checkRequestValue({ voice: "maya", temperature: 0.5 }, { now: NOW })).toMatchObject({ fatal: true, diagnostics: [{ ruleId: "request-shape" }] });
  });

  it("checks a v2 batch's calls against the pathway global names: a variable no call object or global supplies, per call", () => {
    const body = {
      global: { pathway_id: "p-1", request_data: { company: "Harbor Dental" } },
      call_objects: [
        { phone_number: "+14155550123", request_data: { name: "Ada" } },
        { phone_number: "+14155550124", request_data: {} },
      ],
    };
    const result = checkRequestValue(body, { now: NOW, pathway: { where: "orders.json", value: PATHWAY as never } });
    expect(result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.ruleId} ${d.pointer} ${/\{\{[^}]+\}\}/.exec(d.message)?.[0]}`)).toEqual([
      "missing-request-variable /call_objects/1/request_data {{name}}",
    ]);
  });

  it("reports a finding about global once, and one the same in many call objects for ten of them, counting the rest", () => {
    const call = (i: number) => ({ phone_number: `+1415555${String(1000 + i)}`, request_data: {} });
    const body = {
      global: { pathway_id: "p-1", temperature: 3, request_data: { company: "Harbor Dental" } },
      call_objects: Array.from({ length: 25 }, (_, i) => call(i)),
    };
    const result = checkRequestValue(body, { now: NOW, pathway: { where: "orders.json", value: PATHWAY as never } });
    expect(result.diagnostics.filter((d) => d.ruleId === "temperature-range").map((d) => d.pointer)).toEqual(["/global/temperature"]);
    const missing = result.diagnostics.filter((d) => d.ruleId === "missing-request-variable");
    expect(missing.map((d) => d.pointer)).toEqual(Array.from({ length: 10 }, (_, i) => `/call_objects/${i}/request_data`));
    expect(missing[9]!.message).toMatch(/The same holds for 15 more of call_objects\.$/);
  });
});
