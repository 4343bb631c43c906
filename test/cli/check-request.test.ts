// `pathway check-request` end to end: formats, exit codes, bad input, pathways from a file, the manifest and a real loopback service.
import { Ajv2020 } from "ajv/dist/2020.js";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, ROOT, tempDir } from "../support/cli.js";
import { startFakeService, type FakeService } from "../support/fake-service.js";
import { PATHWAY } from "../support/request-text.js";
import { runMain } from "../support/run-main.js";

let dir: string;
let service: FakeService;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const run = (args: string[], stdin?: string) =>
  runMain(["check-request", ...args], { cwd: dir, env: { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey }, stdin });

const GOOD = JSON.stringify({ phone_number: "+14155550123", pathway_id: "p-orders", request_data: { name: "Ada", company: "Acme" } }, null, 2);
const MISSING = '{\n  "phone_number": "+14155550123",\n  "pathway_id": "p-orders",\n  "request_data": {"name": "Ada"}\n}\n';

beforeAll(async () => {
  service = await startFakeService({ pathways: { "p-remote": PATHWAY } });
  dir = tempDir("pathwaykit-requests-");
  write("pathways/orders.json", JSON.stringify(PATHWAY, null, 2));
  write("pathways/broken.json", "{ not json");
  write("requests/good.request.json", GOOD);
  write("requests/missing.request.json", MISSING);
  write("requests/warn.request.json", '{"phone_number": "4155550123", "task": "Hi"}');
  write("requests/campaign.batch.request.yaml", "base_prompt: Hi {name}\ncall_data:\n  - phone_number: '+14155550123'\n    name: Ada\n");
  write("requests/notes.txt", "not a request");
  write("pathwaykit.manifest.json", JSON.stringify({ version: 1, pathways: [{ file: "pathways/orders.json", id: "p-orders" }] }));
});
afterAll(async () => {
  await service.close();
});

describe("pathway check-request", () => {
  it("exits 0 on a request that fits its pathway, found in the manifest by pathway_id", async () => {
    const result = await run(["requests/good.request.json"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain("1 file checked, no problems");
  });

  it("exits 1 naming the variable and the node that reads it, with the line and a code frame in the request file", async () => {
    const result = await run(["requests/missing.request.json", "--pathway", "pathways/orders.json"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('4:19     error  {{company}} is read by node "Greeting" (id start)');
    expect(result.stdout).toContain('> 4 |   "request_data": {"name": "Ada"}');
  });

  it("prints validate's ESLint-shaped JSON with pointer, line and column", async () => {
    const result = await run(["requests/missing.request.json", "requests/warn.request.json", "--format", "json"]);
    const report = JSON.parse(result.stdout) as {
      filePath: string;
      errorCount: number;
      warningCount: number;
      messages: { ruleId: string; pointer: string; line: number; column: number }[];
    }[];
    expect(report.map((r) => [r.filePath, r.errorCount, r.warningCount])).toEqual([
      ["requests/missing.request.json", 1, 0],
      ["requests/warn.request.json", 0, 1],
    ]);
    expect(report[0]!.messages[0]).toMatchObject({ ruleId: "missing-request-variable", pointer: "/request_data", line: 4, column: 19 });
    expect(report[1]!.messages[0]).toMatchObject({ ruleId: "phone-number-not-e164", pointer: "/phone_number", line: 1, column: 18 });
  });

  it("prints SARIF with the request rules and GitHub annotations", async () => {
    const sarif = JSON.parse((await run(["requests/missing.request.json", "--format", "sarif"])).stdout) as {
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string }[] }[];
    };
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toEqual(["missing-request-variable"]);
    expect(sarif.runs[0]!.tool.driver.rules.map((r) => r.id)).toContain("phone-number-format");
    const github = await run(["requests/missing.request.json", "--format", "github"]);
    expect(github.stdout).toMatch(/^::error file=requests\/missing.request.json,line=4,col=19/m);
  });

  it("counts warnings against --max-warnings, and --quiet hides them", async () => {
    expect((await run(["requests/warn.request.json"])).code).toBe(0);
    const over = await run(["requests/warn.request.json", "--max-warnings", "0"]);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("more than --max-warnings 0");
    expect((await run(["requests/warn.request.json", "--quiet"])).stdout).toContain("no problems");
  });

  it("reads YAML, takes the kind from the file name, and walks directories for .json and .yaml", async () => {
    const result = await run(["requests/", "--format", "json"]);
    const files = (JSON.parse(result.stdout) as { filePath: string }[]).map((r) => r.filePath);
    expect(files).toEqual([
      "requests/campaign.batch.request.yaml",
      "requests/good.request.json",
      "requests/missing.request.json",
      "requests/warn.request.json",
    ]);
  });

  it("reads stdin with --kind", async () => {
    const result = await run(["-", "--kind", "purchase", "--format", "json"], '{"area_code": "41", "country_code": "GB"}');
    expect((JSON.parse(result.stdout) as { messages: { ruleId: string }[] }[])[0]!.messages.map((m) => m.ruleId)).toEqual(["area-code-format", "country-code"]);
    expect(result.code).toBe(1);
  });

  it("says so when a pathway is passed as a request, and still checks the other files (exit 2)", async () => {
    const result = await run(["pathways/orders.json", "requests/warn.request.json", "requests/nope.json"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain("This file is a pathway");
    expect(result.stdout).toContain("requests/warn.request.json");
    expect(result.stdout).toContain("nope.json: no such file or directory");
  });

  it("reports a file that is neither JSON nor YAML, or not an object, per file with exit 2", async () => {
    write("bad/list.json", "[1, 2]");
    write("bad/broken.yaml", "a: [1, 2\n");
    const result = await run(["bad/list.json", "bad/broken.yaml", "requests/good.request.json", "--pathway", "pathways/orders.json"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain("a request body is one object");
    expect(result.stdout).toMatch(/broken\.yaml\n\s+\d+:\d+\s+error .*YAML/);
    expect(result.stdout).not.toContain("good.request.json\n");
  });

  it("reports a pathway that does not load for each request using it, exit 2, without a stack trace", async () => {
    const result = await run(["requests/good.request.json", "requests/warn.request.json", "--pathway", "pathways/broken.json"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain("The pathway pathways/broken.json does not load");
    expect(result.stdout).toContain("pathway-not-loaded");
    expect(result.stdout + result.stderr).not.toMatch(/\n\s+at .*\.(js|ts):\d+/);
  });

  it("fetches remote:<id> from the service once for many files", async () => {
    const result = await run(["requests/good.request.json", "requests/missing.request.json", "--pathway", "remote:p-remote", "--format", "json"]);
    expect((JSON.parse(result.stdout) as { errorCount: number }[]).map((r) => r.errorCount)).toEqual([0, 1]);
    expect(service.requests.filter((r) => r.path.endsWith("/p-remote"))).toHaveLength(1);
    const missing = await run(["requests/good.request.json", "--pathway", "remote:p-gone"]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toContain("The pathway remote:p-gone does not load");
  });

  it("reads the remote pathway up to --max-response, and says so when it is larger", async () => {
    const capped = await run(["requests/good.request.json", "--pathway", "remote:p-remote", "--max-response", "100"]);
    expect(capped.code).toBe(2);
    expect(capped.stdout + capped.stderr).toMatch(/--max-response/);
    expect((await run(["requests/good.request.json", "--pathway", "remote:p-remote", "--max-response", "10mb"])).code).toBe(0);
  });

  it("rejects a usage error with exit 2", async () => {
    expect((await run(["requests/good.request.json", "--kind", "sms"])).code).toBe(2);
    expect((await run(["requests/good.request.json", "--rule", "no-such-rule:off"])).code).toBe(2);
  });

  it("takes severities from pathway.config.json (nearest, or -c), as lint does; --rule wins (issue 14)", async () => {
    write("configured/pathway.config.json", JSON.stringify({ rules: { "phone-number-not-e164": "error" } }));
    write("configured/warn.request.json", '{"phone_number": "4155550123", "task": "Hi"}');
    write("quiet.config.json", JSON.stringify({ rules: { "phone-number-not-e164": "off" } }));
    const nearest = await run(["configured/warn.request.json", "-f", "json"]);
    expect(nearest.code).toBe(1);
    expect(JSON.parse(nearest.stdout)).toMatchObject([{ errorCount: 1, messages: [{ ruleId: "phone-number-not-e164", severity: "error" }] }]);
    expect((await run(["configured/warn.request.json", "--rule", "phone-number-not-e164:warn"])).code).toBe(0);
    const explicit = await run(["configured/warn.request.json", "requests/warn.request.json", "-c", "quiet.config.json"]);
    expect(explicit).toMatchObject({ code: 0 });
    expect(explicit.stdout).toContain("2 files checked, no problems");
    const broken = await run(["requests/warn.request.json", "-c", "pathways/broken.json", "-f", "json"]);
    expect(broken.code).toBe(2);
    expect(JSON.parse(broken.stdout)).toMatchObject({ ok: false, error: { code: "config" } });
  });

  it("explains itself in --help, naming the kinds and exit codes", async () => {
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--kind <kind>");
    expect(help.stdout).toContain("Exit codes: 0 no errors");
  });

  // The executable: its real exit status, and --color writing colour into a pipe.
  it("runs as the built executable, exiting 0 on warnings and colouring them with --color", () => {
    const r = runCli(["check-request", path.join(dir, "requests/warn.request.json"), "--color"]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).toContain("\u001b[");
    expect(r.stdout).toContain("phone-number-not-e164");
  });
});

describe("request JSON Schemas", () => {
  it("accept a valid call body and reject a temperature above 1 and an unknown background track", () => {
    const schema = JSON.parse(readFileSync(path.join(ROOT, "schemas/call-request.schema.json"), "utf8"));
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(JSON.parse(GOOD))).toBe(true);
    expect(validate({ phone_number: "+14155550123", task: "x", temperature: 1.5 })).toBe(false);
    expect(validate({ phone_number: "+14155550123", task: "x", background_track: "street" })).toBe(false);
  });
});

describe("notes (info)", () => {
  it("prints a past start_time as info in every format, never failing the run or counting as a warning", async () => {
    write("notes/past.json", '{"phone_number": "+14155550123", "task": "Hi", "start_time": "2020-01-01 09:00:00"}');
    const stylish = await run(["notes/past.json", "--max-warnings", "0"]);
    expect(stylish.code).toBe(0);
    expect(stylish.stdout).toMatch(/1:\d+\s+info\s+start_time 2020-01-01 09:00:00 is in the past/);
    const json = JSON.parse((await run(["notes/past.json", "--format", "json"])).stdout) as { warningCount: number; messages: { severity: string }[] }[];
    expect(json[0]).toMatchObject({ warningCount: 0, messages: [{ severity: "info" }] });
    const sarif = JSON.parse((await run(["notes/past.json", "--format", "sarif"])).stdout) as { runs: { results: { level: string }[] }[] };
    expect(sarif.runs[0]!.results[0]!.level).toBe("note");
    expect((await run(["notes/past.json", "--format", "github"])).stdout).toMatch(/^::notice file=notes\/past.json/m);
    expect((await run(["notes/past.json", "--rule", "start-time-past:error"])).code).toBe(1);
  });
});
