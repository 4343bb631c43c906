// `pathway check-request` on bodies real clients send and on odd input: kinds, undocumented fields, nulls, maybe-unset
// variables, phone numbers, batch placeholders, deep and aliased YAML, and a huge field name.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { BRANCHES } from "../support/request-text.js";
import { runMain } from "../support/run-main.js";
import { measureCpu } from "../support/cpu-time.js";

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
interface Message {
  ruleId: string;
  severity: string;
  pointer: string;
  message: string;
}
const check = async (args: string[]) => {
  const result = await runMain(["check-request", ...args, "--format", "json"], { cwd: dir });
  const report = result.stdout.trim() === "" ? [] : (JSON.parse(result.stdout) as { messages: Message[] }[]);
  return { code: result.code, stderr: result.stderr, messages: report.flatMap((r) => r.messages) };
};
const json = (value: unknown) => JSON.stringify(value, null, 2);

beforeAll(() => {
  dir = tempDir("pathwaykit-real-requests-");
  write("pathways/branches.json", json(BRANCHES));
});

describe("check-request on bodies real clients send", () => {
  it("recognises an inbound update that sets only pathway_id and settings (seed 4.2: the pathway replaces the prompt)", async () => {
    write("assign.json", json({ pathway_id: "p-1", voice: "maya", record: true }));
    const result = await check(["assign.json"]);
    expect(result).toMatchObject({ code: 0, messages: [] });
  });

  it("notes fields real clients send as not in the API reference, never as ignored, and they pass --max-warnings 0", async () => {
    write(
      "real.call.json",
      json({
        phone_number: "+14155550123",
        pathway_id: "p-1",
        pathway_version: 3,
        voicemail: { message: "Call us back", action: "leave_message" },
        noise_cancellation: true,
        dispositions: ["booked"],
        guard_rails: [],
        external_id: "x-1",
        memory_id: "m-1",
      }),
    );
    const result = await check(["real.call.json", "--max-warnings", "0"]);
    expect(result.code).toBe(0);
    expect(result.messages.map((m) => [m.ruleId, m.severity, m.pointer])).toEqual(
      ["/pathway_version", "/voicemail", "/noise_cancellation", "/dispositions", "/guard_rails", "/external_id", "/memory_id"].map((p) => [
        "undocumented-request-field",
        "info",
        p,
      ]),
    );
    for (const m of result.messages) {
      expect(m.message).toMatch(
        /, which the API reference does not list for POST \/v1\/calls; seen in real clients: .+\. Whether the service reads it is not documented\./,
      );
      expect(m.message).not.toMatch(/ignore/);
    }
  });

  it("still offers a did-you-mean for a typo of a documented field, as a warning", async () => {
    write("typo.call.json", json({ phone_number: "+14155550123", task: "Hi", voice_idd: 1 }));
    const result = await check(["typo.call.json", "--max-warnings", "0"]);
    expect(result.code).toBe(1);
    expect(result.messages).toMatchObject([{ ruleId: "unknown-request-field", severity: "warning", pointer: "/voice_idd" }]);
    expect(result.messages[0]!.message).toContain('did you mean "voice_id"?');
  });

  it("takes null for an optional field as unset: no error", async () => {
    write(
      "nulls.call.json",
      json({
        phone_number: "+14155550123",
        task: "Hi",
        from: null,
        temperature: null,
        start_time: null,
        webhook: null,
        transfer_list: null,
        request_data: null,
        voice: null,
        max_duration: null,
      }),
    );
    expect(await check(["nulls.call.json", "--max-warnings", "0"])).toMatchObject({ code: 0, messages: [] });
  });

  it("calls a variable one branch sets and another does not maybe-unset, in the lint's words, as a warning", async () => {
    write("branch.call.json", json({ phone_number: "+14155550123", pathway_id: "p-1", request_data: {} }));
    const result = await check(["branch.call.json", "--pathway", "pathways/branches.json"]);
    expect(result.code).toBe(0);
    expect(result.messages).toMatchObject([{ ruleId: "maybe-missing-request-variable", severity: "warning", pointer: "/request_data" }]);
    expect(result.messages[0]!.message).toMatch(
      /^\{\{order\}\} in the prompt of node "Status" \(id status\) may be unset: some path from the start reaches this node without passing a node that sets it/,
    );
  });
});

describe("check-request on odd input", () => {
  it("answers a 1 MB unknown field name at once, with the name cut short", async () => {
    write("huge.call.json", `{"phone_number": "+14155550123", "task": "Hi", "${"request_dat".repeat(100_000)}": 1}`);
    const { value: result, ms } = await measureCpu(() => check(["huge.call.json"]));
    // Edit distance over the whole name for every field took 23 s of CPU; a bounded one takes milliseconds.
    expect(ms).toBeLessThan(5000);
    expect(result.messages).toMatchObject([{ ruleId: "undocumented-request-field" }]);
    expect(result.messages[0]!.message.length).toBeLessThan(300);
  });

  it("refuses phone numbers with a plus after the start as errors", async () => {
    write("plus.batch.json", json({ base_prompt: "Hi", call_data: [{ phone_number: "+1+4+1+5+5+5+5+0+1+2+3" }, { phone_number: "++14155550123" }] }));
    const result = await check(["plus.batch.json"]);
    expect(result.code).toBe(1);
    expect(result.messages.map((m) => [m.ruleId, m.severity, m.pointer])).toEqual([
      ["phone-number-format", "error", "/call_data/0/phone_number"],
      ["phone-number-format", "error", "/call_data/1/phone_number"],
    ]);
  });

  it("finds {constructor}, {toString} and {__proto__} only as a row's own property", async () => {
    write("proto.batch.json", json({ base_prompt: "Hi {constructor} {toString} {__proto__}", call_data: [{ phone_number: "+14155550123" }] }));
    const result = await check(["proto.batch.json"]);
    expect(result.code).toBe(1);
    expect(
      result.messages
        .filter((m) => m.ruleId === "batch-missing-placeholder")
        .map((m) => /has no "(\w+)"/.exec(m.message)![1])
        .sort(),
    ).toEqual(["__proto__", "constructor", "toString"]);
  });
});

describe("check-request on deep and aliased YAML", () => {
  const deepYaml = (levels: number) => `phone_number: "+14155550123"\ntask: Hi\nrequest_data: ${"[".repeat(levels)}${"]".repeat(levels)}\n`;

  it("gives request_data nested 600 levels the same nesting-depth error as JSON", async () => {
    write("deep.call.json", `{"phone_number": "+14155550123", "task": "Hi", "request_data": ${"[".repeat(600)}${"]".repeat(600)}}`);
    write("deep.call.yaml", deepYaml(600));
    const asJson = await check(["deep.call.json"]);
    const asYaml = await check(["deep.call.yaml"]);
    expect(asJson.code).toBe(2);
    expect(asYaml.code).toBe(2);
    expect(asYaml.messages.map((m) => [m.ruleId, m.pointer, m.message])).toEqual(asJson.messages.map((m) => [m.ruleId, m.pointer, m.message]));
    expect(asYaml.messages[0]!.message).toMatch(/^Data nested 601 levels deep at \/request_data\/0\/0\/0\/0\/0\/…/);
  });

  it("says nesting-depth, not 'fix the YAML syntax', for valid YAML deeper than the YAML reader can follow", async () => {
    write("deeper.call.yaml", deepYaml(3000));
    const result = await check(["deeper.call.yaml"]);
    expect(result.code).toBe(2);
    expect(result.messages).toMatchObject([{ ruleId: "nesting-depth" }]);
    expect(result.messages[0]!.message).not.toMatch(/syntax/);
  });

  it("accepts a batch of 150 rows sharing one alias, and merges <<: *row as a YAML 1.1 merge key", async () => {
    const rows = Array.from({ length: 150 }, () => "  - *row\n").join("");
    write("shared.batch.yaml", `base_prompt: Hi {name}\ncall_data:\n  - &row {phone_number: "+14155550123", name: Ada}\n${rows}`);
    expect(await check(["shared.batch.yaml"])).toMatchObject({ code: 0, messages: [] });
    write(
      "merged.batch.yaml",
      'base_prompt: Hi {name}\ncall_data:\n  - &row {phone_number: "+14155550123", name: Ada}\n  - <<: *row\n    phone_number: "+14155550124"\n',
    );
    expect(await check(["merged.batch.yaml"])).toMatchObject({ code: 0, messages: [] });
  });

  it("still refuses an alias bomb: 10 levels of 10 aliases", async () => {
    const levels = Array.from({ length: 9 }, (_, i) => `l${i + 1}: &l${i + 1} [${Array(10).fill(`*l${i}`).join(", ")}]\n`).join("");
    write("bomb.call.yaml", `phone_number: "+14155550123"\ntask: Hi\nl0: &l0 [a, b, c, d, e, f, g, h, i, j]\n${levels}`);
    const result = await check(["bomb.call.yaml"]);
    expect(result.code).toBe(2);
    expect(result.messages).toMatchObject([{ ruleId: "parse-error" }]);
    expect(result.messages[0]!.message).toMatch(/aliases \(\*name\) repeat too much/);
  });
});
