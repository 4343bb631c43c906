
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { checkRequestFiles } from "../../../src/engine/check/check-requests.js";
import { createNodeHost } from "../../../src/host/node-host.js";
import { PATHWAY } from "../../support/request-text.js";
import { createTempProject } from "../../support/temp-project.js";

function project(files: Record<string, string>, stdin = "") {
  const dir = createTempProject(files, "pathwaykit-check-requests-");
  return createNodeHost({ cwd: dir, stdin: Readable.from([Buffer.from(stdin)]) });
}

describe("checkRequestFiles", () => {
  it("returns per-file findings with positions, the kind, and failed for a file that is not a request", async () => {
    const host = project({
      "p.json": JSON.stringify(PATHWAY),
      "calls/a.request.json": '{\n  "phone_number": "+14155550123",\n  "pathway_id": "x",\n  "request_data": {"name": "A"}\n}',
      "calls/b.batch.request.yaml": "base_prompt: Hi {name}\ncall_data:\n  - phone_number: '+14155550123'\n",
      "calls/c.request.json": JSON.stringify(PATHWAY),
    });
    const results = await checkRequestFiles(host, ["calls"], { pathway: "p.json" });
    expect(results.map((r) => [r.filePath, r.kind, r.failed ?? false, r.diagnostics.map((d) => `${d.ruleId}@${d.range?.start.line}`)])).toEqual([
      ["calls/a.request.json", "call", false, ["missing-request-variable@4"]],
      ["calls/b.batch.request.yaml", "batch", false, ["batch-missing-placeholder@3"]],
      ["calls/c.request.json", undefined, true, ["request-shape@1"]],
    ]);
  });

  it("uses the injected clock for start_time (a note when past), so results are repeatable", async () => {
    const host = project({}, '{"phone_number": "+14155550123", "task": "Hi", "start_time": "2026-06-01 10:00:00"}');
    const before = await checkRequestFiles(host, ["-"], { now: new Date("2026-05-01T00:00:00Z") });
    expect(before[0]!.diagnostics).toEqual([]);
    const after = await checkRequestFiles(project({}, '{"phone_number": "+14155550123", "task": "Hi", "start_time": "2026-06-01 10:00:00"}'), ["-"], {
      now: new Date("2026-07-01T00:00:00Z"),
    });
    expect(after[0]!.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([["start-time-past", "info"]]);
  });
});

describe("checkRequestFiles with pathway.config.json (issue 14: it ignored the config's severities)", () => {
  const body = '{"phone_number": "415-555-0123", "task": "Hi"}';
  const files = {
    "pathway.config.json": JSON.stringify({
      rules: { "phone-number-not-e164": "error", "dead-end": "off" },
      overrides: [{ files: ["legacy/**"], rules: { "phone-number-not-e164": "off" } }],
    }),
    "other.config.json": JSON.stringify({ rules: { "phone-number-not-e164": "off" } }),
    "calls/a.request.json": body,
    "legacy/b.request.json": body,
  };
  const severities = (results: Awaited<ReturnType<typeof checkRequestFiles>>) =>
    results.map((r) => [r.filePath, r.diagnostics.map((d) => `${d.ruleId}:${d.severity}`)]);

  it("applies the nearest config's rules and the overrides matching each file, as lint does", async () => {
    expect(severities(await checkRequestFiles(project(files), ["calls", "legacy"]))).toEqual([
      ["calls/a.request.json", ["phone-number-not-e164:error"]],
      ["legacy/b.request.json", []],
    ]);
  });

  it("lets --rule win over the config, reads an explicit config instead, and reads none with config: false", async () => {
    expect(severities(await checkRequestFiles(project(files), ["calls", "legacy"], { rules: { "phone-number-not-e164": "warning" } }))).toEqual([
      ["calls/a.request.json", ["phone-number-not-e164:warning"]],
      ["legacy/b.request.json", ["phone-number-not-e164:warning"]],
    ]);
    expect(severities(await checkRequestFiles(project(files), ["calls"], { config: "other.config.json" }))).toEqual([["calls/a.request.json", []]]);
    expect(severities(await checkRequestFiles(project(files), ["calls"], { config: false }))).toEqual([
      ["calls/a.request.json", ["phone-number-not-e164:warning"]],
    ]);
  });

  it("stops on a broken config with EngineError(config), as lint does", async () => {
    await expect(checkRequestFiles(project({ ...files, "pathway.config.json": '{"rules": {"no-such-rule": "off"}}' }), ["calls"])).rejects.toMatchObject({
      kind: "config",
      message: expect.stringContaining("no-such-rule") as unknown,
    });
  });
});
