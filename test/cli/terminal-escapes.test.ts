// Text from the service and from field names reaches a terminal or a workflow command escaped: versions, log, push, check-request -f github.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, tempDir } from "../support/cli.js";
import { startFakeChat } from "../support/fake-chat.js";
import { startFakeService, type FakeService } from "../support/fake-service.js";
import { PATHWAY } from "../support/request-text.js";
import { runMain } from "../support/run-main.js";

/** Raw control characters a terminal acts on (tab and newline are text), C1, bidi controls and line separators included. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/;
const HOSTILE_DATE = "2024-01-02T00:00:00Z\u001b]0;pwned\u0007\u001b[2J\u001b[1A\u009b31m\u202e\u2028version 7  forged\u2029\u2067";

let service: FakeService;
let dir: string;
const env = () => ({ PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey });

beforeAll(async () => {
  service = await startFakeService({ pathways: { "p-1": PATHWAY }, versions: { "p-1": [PATHWAY, { ...PATHWAY, name: "second" }] } });
  dir = tempDir("pathwaykit-escapes-");
});
afterAll(async () => {
  await service.close();
});

/** The versions list as the service would send it, with a hostile created_at (and name) on each entry. */
function hostileList(): string {
  return JSON.stringify([
    { id: "v2", version_number: 2, created_at: HOSTILE_DATE, name: "two\u001b[8m\nversion 9  fake  latest", is_latest: true },
    { id: "v1", version_number: 1, created_at: HOSTILE_DATE, name: null, is_latest: false },
  ]);
}

describe("service text on a terminal", () => {
  it("versions prints created_at and names with every control character made visible, one row per version", async () => {
    service.addFault({ type: "body", body: hostileList() }, "GET");
    const r = await runMain(["versions", "p-1"], { cwd: dir, env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stdout).toContain("\\u001b]0;pwned\\u0007");
    // A newline in a name cannot forge a row of its own: the header, one row per version, then where production and
    // staging are (the footer `versions` prints since it marks them).
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines.filter((line) => /^\d/.test(line))).toHaveLength(2);
    expect(lines[3]).toMatch(/^production: /);
  });

  it("log prints created_at escaped", async () => {
    service.addFault({ type: "body", body: hostileList() }, "GET");
    const r = await runMain(["log", "p-1"], { cwd: dir, env: env() });
    expect(r.stdout + r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stdout).toMatch(/version 2 .*\\u001b\[2J/);
    expect(r.code).toBe(0);
  });
});

describe("test --live", () => {
  it("prints the live agent's reply, node and variables in the failure trace escaped (JSON quoting leaves C1 and bidi raw)", async () => {
    const project = tempDir("pathwaykit-escapes-live-");
    cpSync(path.join(ROOT, "pathways"), path.join(project, "pathways"), { recursive: true });
    writeFileSync(
      path.join(project, "pathwaykit.manifest.json"),
      JSON.stringify({ version: 1, pathways: [{ file: "pathways/appointment-booking.json", id: "pw-book" }] }),
    );
    const chat = await startFakeChat({ pathways: { "pw-book": JSON.parse(readFileSync(path.join(project, "pathways/appointment-booking.json"), "utf8")) } });
    try {
      const data = {
        chat_id: "c",
        assistant_responses: ["hi \u009b2J\u202e"],
        current_node_id: "zz\u001b]0;t\u0007",
        current_node_name: "N\u2066",
        variables: { "k\u009b": "v\u0085" },
        completed: false,
      };
      chat.addFault({ type: "body", body: JSON.stringify({ data, errors: null }) });
      const r = await runMain(["test", "pathways/scenarios/appointment-booking/books-first-choice.scenario.yaml", "--live"], {
        cwd: project,
        env: { PATHWAYKIT_BASE_URL: chat.url, PATHWAYKIT_API_KEY: chat.apiKey },
      });
      expect(r.code).toBe(1);
      expect(r.stdout).toContain("trace up to the failure");
      expect(r.stdout + r.stderr).not.toMatch(RAW_CONTROL);
      expect(r.stdout).toContain("\\u009b2J");
      // The same run as JSON: the same values (a JSON parser reads them back), with no raw separator or bidi control.
      chat.addFault({ type: "body", body: JSON.stringify({ data: { ...data, assistant_responses: ["hi \u2028forged\u2029\u202e"] }, errors: null }) });
      const json = await runMain(["test", "pathways/scenarios/appointment-booking/books-first-choice.scenario.yaml", "--live", "-f", "json"], {
        cwd: project,
        env: { PATHWAYKIT_BASE_URL: chat.url, PATHWAYKIT_API_KEY: chat.apiKey },
      });
      expect(json.code).toBe(1);
      expect(json.stdout).not.toMatch(RAW_CONTROL);
      expect(json.stdout).toContain("\\u2028forged\\u2029\\u202e");
      expect(JSON.stringify(JSON.parse(json.stdout))).toContain("hi \u2028forged\u2029\u202e");
    } finally {
      await chat.close();
    }
  });
});

describe("check-request --format github", () => {
  it("escapes control characters of a field name in the workflow command, so each finding is one intact command", async () => {
    const file = path.join(dir, "requests", "odd.request.json");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ phone_number: "+14155550123", task: "Hi", "request_\u001b]0;x\u0007\u001b[2K\rdata%0A::error::forged": {} }, null, 2));
    const r = await runMain(["check-request", "requests/odd.request.json", "--format", "github"], { cwd: dir });
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) file=requests\/odd\.request\.json[^:]*::/);
    expect(r.stdout).toContain("\\u001b]0;x\\u0007");
    // The literal "%0A" in the name stays text (its % escaped), not a line break GitHub would decode.
    expect(r.stdout).toContain("%250A");
  });
});
