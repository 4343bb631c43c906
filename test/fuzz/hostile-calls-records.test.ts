// Hostile pass over the other `calls` commands: answers of a hostile service to `calls fetch`, and hostile record files for `calls stats`, `replay` and `scenarios from-call`, one row each.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ECHO_KEY, startFakeService, type FakeService } from "../support/fake-service.js";
import { runMain, type MainResult } from "../support/run-main.js";
import { createTempProject } from "../support/temp-project.js";

const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2028\u2029]/;
const KEY = "sk-hostile-records-0123456789";
const PATHWAY = JSON.stringify({
  nodes: [
    { id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi!" } },
    { id: "end", type: "End Call", data: { name: "Bye", text: "Goodbye." } },
  ],
  edges: [{ id: "e1", source: "start", target: "end", label: "done" }],
});
/** A record that maps onto PATHWAY: the caller speaks once, the call goes start -> end. */
const call = (id: unknown, more: Record<string, unknown> = {}) => ({
  call_id: id,
  pathway_id: "pw-1",
  transcripts: [
    { user: "assistant", text: "Hi!" },
    { user: "user", text: "done" },
    { user: "assistant", text: "Goodbye." },
  ],
  pathway_logs: [
    { role: "assistant", chosen_node_id: "start", text: "Hi!" },
    { role: "user", text: "done" },
    { role: "assistant", chosen_node_id: "end", text: "Goodbye." },
  ],
  ...more,
});
const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

let service: FakeService;
beforeAll(async () => {
  service = await startFakeService({ apiKey: KEY, calls: [call("listed-1"), call("../climb"), call("\u001b]0;owned\u0007"), call({ id: 1 }), call("")] });
});
afterAll(() => service?.close());

/** One hostile answer or file, the command run on it, and what must hold beyond the common checks. */
interface Row {
  name: string;
  /** Prepares the project (files) or the service (faults). */
  make: (dir: string) => void;
  args: string[];
  expect: (r: MainResult, dir: string) => void;
}

const fault =
  (body: string, pattern = /\/v1\/calls\/x1$/) =>
  () =>
    service.addFault({ type: "body", body }, "GET", pattern);
const failedWith = (pattern: RegExp) => (r: MainResult) => {
  expect(r.code).toBe(1);
  expect(r.stdout + r.stderr).toMatch(pattern);
};

const ROWS: Row[] = [
  {
    name: "fetch: a record nested 100,000 deep",
    make: fault(`{"call_id": "x1", "x": ${deep(100_000)}}`),
    args: ["calls", "fetch", "x1", "-o", "calls"],
    expect: failedWith(/nested 100001 levels deep, more than the 256 pathwaykit reads/),
  },
  {
    name: "fetch: a list nested 100,000 deep",
    make: fault(`{"calls": ${deep(100_000)}}`, /\/v1\/calls(\?|$)/),
    args: ["calls", "fetch", "-o", "calls"],
    expect: (r) => expect(r.stdout + r.stderr).toMatch(/nested 100001 levels deep/),
  },
  {
    name: "fetch: a record with terminal escapes in its fields",
    make: fault(JSON.stringify(call("x1", { summary: "\u001b[2J\u009b31m\u202e", status: "\u001b]0;owned\u0007" }))),
    args: ["calls", "fetch", "x1", "-o", "calls"],
    expect: (r, dir) => (expect(r.code).toBe(0), expect(readdirSync(path.join(dir, "calls"))).toEqual(["x1.json"])),
  },
  {
    name: "fetch: a record that echoes the API key",
    make: fault(JSON.stringify(call("x1", { note: ECHO_KEY }))),
    args: ["calls", "fetch", "x1", "-o", "calls", "--format", "json"],
    expect: (r) => expect(r.code).toBe(0),
  },
  { name: "fetch: an answer that is a list", make: fault("[1, 2]"), args: ["calls", "fetch", "x1", "-o", "calls"], expect: failedWith(/not a call record/) },
  {
    name: "fetch: an answer that is not JSON",
    make: fault("<html>\u001b[2J</html>"),
    args: ["calls", "fetch", "x1", "-o", "calls"],
    expect: failedWith(/is not JSON/),
  },
  {
    name: "fetch: list entries whose ids climb, hold escapes, are objects or empty",
    make: () => {},
    args: ["calls", "fetch", "-o", "calls"],
    expect: (r, dir) => {
      const files = readdirSync(path.join(dir, "calls")).sort();
      expect(files).toEqual(["%1B%5D0%3Bowned%07.json", "%2E.%2Fclimb.json", "listed-1.json"]);
      expect(readdirSync(dir).sort()).toEqual(["calls", "p.json"]);
      // The empty id is asked for by no request: nothing is sent for it, and the run says so (exit 1).
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).toMatch(/the call id is empty; nothing was sent/);
    },
  },
  {
    name: "fetch: an id given as .. on the command line",
    make: () => {},
    args: ["calls", "fetch", "..", "-o", "calls"],
    expect: (r) => expect(r.stdout + r.stderr).toMatch(/\.\./),
  },
  {
    name: "stats: a record whose log is nested 100,000 deep",
    make: (dir) => write(dir, "calls/deep.json", `{"call_id": "deep", "pathway_id": "pw-1", "pathway_logs": ${deep(100_000)}}`),
    args: ["calls", "stats", "calls/", "--pathway", "p.json"],
    expect: (r) => expect(r.stdout).toMatch(/1 call from 1 file/),
  },
  {
    name: "stats: a log given as text nested 5,000 deep",
    make: (dir) => write(dir, "calls/text.json", JSON.stringify({ call_id: "t", pathway_logs: deep(5000) })),
    args: ["calls", "stats", "calls/", "--pathway", "p.json"],
    expect: (r) => expect(r.stdout).toMatch(/1 call from 1 file/),
  },
  {
    name: "stats: log entries under __proto__",
    make: (dir) =>
      write(dir, "calls/proto.json", '{"call_id": "proto", "__proto__": {"pathway_logs": []}, "pathway_logs": [{"__proto__": {"chosen_node_id": "start"}}]}'),
    args: ["calls", "stats", "calls/", "--pathway", "p.json"],
    expect: (r) => expect(r.stdout).toMatch(/1 call from 1 file/),
  },
  {
    name: "replay: ids and node ids with escapes, bidi and newlines",
    make: (dir) =>
      write(dir, "calls/esc.json", JSON.stringify(call("e\u001b[2J\u202e\nforged line", { pathway_logs: [{ chosen_node_id: "\u001b]0;x\u0007\u2028" }] }))),
    args: ["replay", "calls/", "--pathway", "p.json"],
    expect: (r) => expect(r.stdout + r.stderr).not.toMatch(/^forged line/m),
  },
  {
    name: "stats: an NDJSON file with a broken line and a 1 MB line",
    make: (dir) => write(dir, "calls/many.ndjson", `${JSON.stringify(call("n1"))}\n{{{\n${JSON.stringify(call("n2", { pad: "x".repeat(1_000_000) }))}\n`),
    args: ["calls", "stats", "calls/", "--pathway", "p.json"],
    expect: (r) => expect(r.stdout + r.stderr).toMatch(/many\.ndjson:2/),
  },
  {
    name: "from-call: an id holding YAML and a newline",
    make: (dir) => write(dir, "calls/yaml.json", JSON.stringify(call("x\npathway: /etc/passwd\nturns: []"))),
    args: ["scenarios", "from-call", "calls/", "--pathway", "p.json", "-o", "scenarios"],
    expect: (r, dir) => {
      expect(r.code).toBe(0);
      const [file] = readdirSync(path.join(dir, "scenarios"));
      expect(file).toBe("call-x%0Apathway%3A%20%2Fetc%2Fpasswd%0Aturns%3A%20%5B%5D.scenario.yaml");
      expect(readFileSync(path.join(dir, "scenarios", file!), "utf8")).toMatch(/^pathway: \.\.\/p\.json$/m);
    },
  },
  {
    name: "from-call: an id of 300 characters",
    make: (dir) => write(dir, "calls/long.json", JSON.stringify(call("l".repeat(300)))),
    args: ["scenarios", "from-call", "calls/", "--pathway", "p.json", "-o", "scenarios"],
    expect: (r) => expect(r.stdout + r.stderr).toMatch(/the id is too long for a file name/),
  },
];

function write(dir: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

describe("calls commands, hostile answers and records", () => {
  it("holds at least 15 distinct inputs", () => {
    expect(new Set(ROWS.map((r) => r.name)).size).toBe(ROWS.length);
    expect(ROWS.length).toBeGreaterThanOrEqual(15);
  });

  for (const row of ROWS) {
    it(row.name, async () => {
      const dir = createTempProject({ "p.json": PATHWAY });
      row.make(dir);
      const r = await runMain(row.args, { cwd: dir, env: { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: KEY } });
      const out = r.stdout + r.stderr;
      expect(out).not.toMatch(RAW);
      expect(out).not.toContain(KEY);
      expect(out).not.toMatch(/internal error|Maximum call stack/);
      row.expect(r, dir);
    });
  }
});
