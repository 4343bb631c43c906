// Fuzz harness for the remote commands: hostile answers from a loopback service never put a raw control byte or a secret in any output.
// Short runs by default; PATHWAYKIT_FUZZ_RUNS=2000 npx vitest run test/fuzz/remote-answers.test.ts runs them long.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, tempDir } from "../support/cli.js";
import { ECHO_KEY, startFakeService, type FakeService } from "../support/fake-service.js";
import { startFakeChat, type FakeChat } from "../support/fake-chat.js";
import { fuzzRuns, LONG_FUZZ } from "../support/fuzz.js";
import { runMain, type MainResult } from "../support/run-main.js";

const TIMEOUT = LONG_FUZZ ? 0 : 120_000;

/** Raw control characters a terminal acts on (tab and newline are text): C0, DEL, C1, and bidirectional controls. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Sequences that change a terminal: clear, title, cursor up, hidden text, a one-character CSI, DCS, bidi overrides. */
const SEQUENCES = [
  "\u001b[2J",
  "\u001b]0;pwned\u0007",
  "\u001b]8;;http://x\u001b\\",
  "\u001b[1A\u001b[2K",
  "\u001b[8m",
  "\u009b31m",
  "\u0085",
  "\u009d0;t\u009c",
  "\u001bP+q\u001b\\",
  "\u202e",
  "\u2066",
  "\u200f",
  "\u0007",
  "\r",
  "\u007f",
  "\u0000",
];

/** Text an answer may carry: control sequences among ordinary text, any code units, or (rarely) a huge string. */
const hostileText = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(fc.oneof(fc.constantFrom(...SEQUENCES), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 8 }).map((parts) => parts.join("")),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom("\u001b[2J".repeat(25_000), `${"x".repeat(300_000)}\u009b2J`) },
);
/** A field of the wrong type where the service should have sent text. */
const wrongType = fc.constantFrom<unknown>(42, -1.5, null, true, [], {}, ["\u001b[2J"], { a: "\u009b31m" });
const field = fc.oneof({ weight: 5, arbitrary: hostileText }, { weight: 1, arbitrary: wrongType });
/** A credential: nothing any output may show. */
const secret = fc.stringMatching(/^[A-Za-z0-9]{12,20}$/).map((s) => `sk_${s}`);

interface Answer {
  name: unknown;
  nodeName: unknown;
  prompt: unknown;
  label: unknown;
  headerName: string;
  createdAt: unknown;
  versionName: unknown;
  message: string;
}
const answer: fc.Arbitrary<Answer> = fc.record({
  name: field,
  nodeName: field,
  prompt: field,
  label: field,
  headerName: hostileText,
  createdAt: field,
  versionName: field,
  message: hostileText,
});

/** A pathway as the service might answer it: hostile text (or wrong types) where text goes, credentials where real exports keep them. */
function remotePathway(a: Answer, key: string, extraHeader: boolean): unknown {
  const headers: [string, string][] = [["Authorization", `Bearer ${key}`]];
  if (extraHeader) headers.push([a.headerName, key]);
  return {
    name: a.name,
    description: a.prompt,
    nodes: [
      { id: "start", type: "Default", data: { name: a.nodeName, isStart: true, prompt: a.prompt } },
      {
        id: "hook",
        type: "Webhook",
        data: {
          name: "Hook",
          method: "POST",
          url: `https://svc:${key}@api.example.com/x?api_key=${key}&q=1`,
          headers,
          body: `{"id": "{{id}}", "api_key": "${key}"}`,
        },
      },
      { id: "end", type: "End Call", data: { name: a.nodeName, text: "Bye" } },
    ],
    edges: [
      { id: "e1", source: "start", target: "hook", label: a.label },
      { id: "e2", source: "hook", target: "end", label: "done" },
    ],
  };
}

/** The versions list with hostile dates and names (and one entry of the wrong shape). */
function versionList(a: Answer): string {
  return JSON.stringify([
    { id: "v2", version_number: 2, created_at: a.createdAt, name: a.versionName, is_latest: true },
    { id: "v1", version_number: 1, created_at: a.createdAt, name: a.name, is_latest: false },
    { id: a.message, version_number: a.message, created_at: a.message },
  ]);
}

let service: FakeService;
let runId = 0;
beforeAll(async () => {
  service = await startFakeService();
});
afterAll(async () => {
  await service.close();
});

/** Every output of a run is safe: no raw control byte on either stream, no secret, no API key, no internal error. */
function expectSafe(r: MainResult, secrets: readonly string[], what: string): void {
  const both = r.stdout + r.stderr;
  expect(RAW_CONTROL.exec(both)?.[0], `${what}: a raw control character reached the output`).toBeUndefined();
  for (const s of [...secrets, service.apiKey]) expect(both.includes(s), `${what}: a secret reached the output`).toBe(false);
  expect(r.stderr, what).not.toMatch(/internal error/);
  expect([0, 1, 2], what).toContain(r.code);
}

describe("fuzz: hostile answers to the remote commands", () => {
  it(
    "fetch, diff remote:, push, versions and log print no raw control byte and no secret, whatever the service answers",
    async () => {
      await fc.assert(
        fc.asyncProperty(answer, answer, secret, secret, async (remote, local, remoteKey, localKey) => {
          const id = `p-${++runId}`;
          const secrets = [remoteKey, localKey];
          service.pathways.set(id, remotePathway(remote, remoteKey, false));
          service.versions.set(id, [remotePathway(local, localKey, true), remotePathway(remote, remoteKey, false)]);
          const dir = tempDir("pathwaykit-fuzz-remote-");
          const run = (args: string[]) => runMain(args, { cwd: dir, env: { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey } });

          const fetched = await run(["fetch", id, "-o", "p.json"]);
          expectSafe(fetched, secrets, "fetch");
          if (fetched.code === 0) {
            // The user's copy changes (a header added, new credentials): every diff shows both sides.
            writeFileSync(path.join(dir, "p.json"), JSON.stringify(remotePathway(local, localKey, true), null, 2));
            for (const format of ["text", "md", "json"]) {
              const d = await run(["diff", "p.json", `remote:${id}`, "--format", format, "-o", `d.${format}`]);
              expectSafe(d, secrets, `diff --format ${format}`);
              if (d.code !== 2) expect(secrets.filter((s) => readFileSync(path.join(dir, `d.${format}`), "utf8").includes(s))).toEqual([]);
            }
            expectSafe(await run(["push", "p.json", "--dry-run"]), secrets, "push --dry-run");
          }
          expectSafe(await run(["diff", `remote:${id}@1`, `remote:${id}@2`]), secrets, "diff of saved versions");
          service.addFault({ type: "body", body: versionList(remote) }, "GET");
          expectSafe(await run(["versions", id]), secrets, "versions");
          service.addFault({ type: "body", body: versionList(remote) }, "GET");
          expectSafe(await run(["log", id]), secrets, "log");
          expectSafe(await run(["log", id, "--format", "json"]), secrets, "log --format json");
          // Errors quote the service's message, and a service may echo the key it was sent (in the body and a header).
          service.addFault({ type: "status", status: 500, body: JSON.stringify({ status: "error", message: `${remote.message} ${ECHO_KEY}` }) });
          expectSafe(await run(["versions", id]), secrets, "versions, failing");
          service.addFault({ type: "body", status: 400, body: JSON.stringify({ message: `${remote.message}${ECHO_KEY}` }), headers: { "x-echo": ECHO_KEY } });
          expectSafe(await run(["fetch", id, "-o", "q.json"]), secrets, "fetch, failing");
        }),
        { numRuns: fuzzRuns(6) },
      );
    },
    TIMEOUT,
  );

  it(
    "report --base remote: embeds no secret of either side",
    async () => {
      await fc.assert(
        fc.asyncProperty(answer, secret, secret, async (a, remoteKey, localKey) => {
          const id = `p-${++runId}`;
          service.pathways.set(id, remotePathway(a, remoteKey, false));
          const dir = tempDir("pathwaykit-fuzz-report-");
          const local = remotePathway({ ...a, name: "Local", nodeName: "Node", label: "go", prompt: "Hi" }, localKey, true);
          writeFileSync(path.join(dir, "p.json"), JSON.stringify(local, null, 2));
          const r = await runMain(["report", "p.json", "--base", `remote:${id}`, "-o", "r.html"], {
            cwd: dir,
            env: { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey },
          });
          expectSafe(r, [remoteKey, localKey], "report");
          if (r.code === 0) {
            const html = readFileSync(path.join(dir, "r.html"), "utf8");
            expect([remoteKey, localKey, service.apiKey].filter((s) => html.includes(s))).toEqual([]);
          }
        }),
        { numRuns: fuzzRuns(2) },
      );
    },
    TIMEOUT,
  );
});

describe("fuzz: hostile answers to test --live", () => {
  let chat: FakeChat;
  let dir: string;
  const scenario = "pathways/scenarios/appointment-booking/books-first-choice.scenario.yaml";
  beforeAll(async () => {
    dir = tempDir("pathwaykit-fuzz-live-");
    cpSync(path.join(ROOT, "pathways"), path.join(dir, "pathways"), { recursive: true });
    writeFileSync(
      path.join(dir, "pathwaykit.manifest.json"),
      JSON.stringify({ version: 1, pathways: [{ file: "pathways/appointment-booking.json", id: "pw-book" }] }),
    );
    const pathway = JSON.parse(readFileSync(path.join(dir, "pathways/appointment-booking.json"), "utf8")) as never;
    chat = await startFakeChat({ pathways: { "pw-book": pathway } });
  });
  afterAll(async () => {
    await chat.close();
  });

  it(
    "prints the live agent's replies, node names, variables and errors escaped",
    async () => {
      const reply = fc.record({
        text: field,
        nodeId: field,
        nodeName: field,
        value: field,
        error: hostileText,
        completed: fc.constantFrom<unknown>(false, true, "yes", null),
      });
      await fc.assert(
        fc.asyncProperty(reply, fc.boolean(), async (a, asError) => {
          const body = asError
            ? JSON.stringify({ data: null, errors: [a.error] })
            : JSON.stringify({
                data: {
                  chat_id: a.error,
                  assistant_responses: [a.text, a.value],
                  current_node_id: a.nodeId,
                  current_node_name: a.nodeName,
                  variables: { [a.error]: a.value },
                  completed: a.completed,
                },
                errors: null,
              });
          chat.addFault({ type: "body", body });
          const r = await runMain(["test", scenario, "--live"], { cwd: dir, env: { PATHWAYKIT_BASE_URL: chat.url, PATHWAYKIT_API_KEY: chat.apiKey } });
          expect(RAW_CONTROL.exec(r.stdout + r.stderr)?.[0], "test --live: a raw control character reached the output").toBeUndefined();
          expect(r.stdout + r.stderr).not.toContain(chat.apiKey);
          expect(r.stderr).not.toMatch(/internal error/);
          expect([0, 1, 2]).toContain(r.code);
        }),
        { numRuns: fuzzRuns(8) },
      );
    },
    TIMEOUT,
  );
});
