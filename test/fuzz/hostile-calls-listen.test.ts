// Hostile pass over `pathway calls listen`: raw requests as a stray client, a web page or a smuggler would send them, one row each, against the real command on loopback.
// The quick run sends each row once; PATHWAYKIT_FUZZ_RUNS=2000 npx vitest run test/fuzz/hostile-calls-listen.test.ts also sends that many generated requests.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { fuzzRuns, LONG_FUZZ } from "../support/fuzz.js";
import { rawExchange, rawRequest, type RawAnswer, type RawOptions } from "../support/raw-http.js";
import { runMain } from "../support/run-main.js";
import { startWatch, type WatchProcess } from "../support/watch-process.js";

const SECRET = "hostile-pass-secret-7c1e9a";
const OUTSIDE_TEXT = '{"call_id": "kept-outside", "note": "never written over"}';
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2028\u2029]/;

interface Listener {
  w: WatchProcess;
  dir: string;
  port: number;
}
let open: Listener;
let guarded: Listener;
let outside: string;

async function start(args: string[], env: Record<string, string> = {}): Promise<Listener> {
  const dir = tempDir("pathwaykit-hostile-listen-");
  const w = startWatch(
    ["calls", "listen", "--port", "0", "-o", "calls", "--timeout", "1s", "--max-body", "256KB", "--max-connections", "16", ...args],
    dir,
    env,
  );
  await w.waitFor((out) => /listening on http:\/\/127\.0\.0\.1:\d+/.test(out));
  return { w, dir, port: Number(/127\.0\.0\.1:(\d+)/.exec(w.stdout())![1]) };
}

beforeAll(async () => {
  [open, guarded] = await Promise.all([start([]), start([], { PATHWAYKIT_WEBHOOK_SECRET: SECRET })]);
  // What a pull request could leave in the output folder: another call's record, and a link to a file outside it.
  outside = path.join(tempDir("pathwaykit-hostile-outside-"), "record.json");
  writeFileSync(outside, OUTSIDE_TEXT);
  mkdirSync(path.join(open.dir, "calls"));
  writeFileSync(path.join(open.dir, "calls/taken.json"), JSON.stringify({ call_id: "someone-else" }));
  symlinkSync(outside, path.join(open.dir, "calls/linked.json"));
}, 60_000);

afterAll(async () => {
  for (const l of [open, guarded]) if (l) expect(await l.w.stop()).toBe(0);
});

/** What a row sends, made once the listener's port is known. */
interface Ctx {
  port: number;
  host: string;
}
/** A POST of `body` with the usual headers, then `extra` (which may repeat or override one by name). */
function post(ctx: Ctx, body: string | Buffer, extra: [string, string][] = [], target = "/"): Buffer {
  const replaced = new Set(extra.map(([k]) => k.toLowerCase()));
  const length = typeof body === "string" ? Buffer.byteLength(body) : body.length;
  const base: [string, string][] = [
    ["Host", ctx.host],
    ["Content-Type", "application/json"],
    ["Content-Length", String(length)],
  ];
  return rawRequest("POST", target, [...base.filter(([k]) => !replaced.has(k.toLowerCase())), ...extra], body);
}
const record = (id: unknown, more: Record<string, unknown> = {}) => JSON.stringify({ call_id: id, ...more });
const port = (ctx: Ctx) => String(ctx.port);

/** One hostile input: what is sent, what must come back (a status, or no answer at all) and what must be on disk. */
interface Row {
  name: string;
  send: (ctx: Ctx) => string | Buffer | (string | Buffer)[];
  /** The final status expected, or "none" when the connection must be closed without an answer. */
  status: number | "none" | (number | "none")[];
  /** More answers on the same connection (pipelining): their statuses after the first. */
  then?: number[];
  /** The listener the row goes to. Default: the one without a secret. */
  to?: "guarded";
  /** A file that must hold the call written (name under calls/, call id). */
  file?: [string, string];
  /** What stderr must say about it, once. */
  said?: RegExp;
  options?: RawOptions;
}

/** `bytes` cut into pieces of `size`. */
const pieces = (bytes: Buffer, size: number) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
const chunked = (ctx: Ctx, body: string) =>
  rawRequest(
    "POST",
    "/",
    [
      ["Host", ctx.host],
      ["Content-Type", "application/json"],
      ["Transfer-Encoding", "chunked"],
    ],
    `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`,
  );

const ROWS: Row[] = [
  // Framing: what request smuggling tries.
  { name: "Content-Length and Transfer-Encoding both", send: (c) => post(c, "0\r\n\r\n", [["Transfer-Encoding", "chunked"]]), status: [400, "none"] },
  {
    name: "two different Content-Length headers",
    send: (c) =>
      post(c, '{"a":1}', [
        ["Content-Length", "5"],
        ["Content-Length", "6"],
      ]),
    status: 400,
  },
  { name: "Content-Length with a plus sign", send: (c) => post(c, "{}", [["Content-Length", "+2"]]), status: 400 },
  { name: "Content-Length in exponent form", send: (c) => post(c, "{}", [["Content-Length", "2e0"]]), status: 400 },
  { name: "a 23-digit Content-Length", send: (c) => post(c, "{}", [["Content-Length", "9".repeat(23)]]), status: 400 },
  {
    name: "Transfer-Encoding: xchunked",
    send: (c) =>
      post(c, "{}", [["Transfer-Encoding", "xchunked"]])
        .toString("latin1")
        .replace(/Content-Length: 2\r\n/, ""),
    status: [400, "none"],
  },
  {
    name: "Transfer-Encoding: chunked, identity",
    send: (c) => chunked(c, "{}").toString("latin1").replace("chunked", "chunked, identity"),
    status: [400, "none"],
  },
  {
    name: "a chunk size of 18 hex digits",
    send: (c) =>
      rawRequest(
        "POST",
        "/",
        [
          ["Host", c.host],
          ["Content-Type", "application/json"],
          ["Transfer-Encoding", "chunked"],
        ],
        "ffffffffffffffffff\r\n{}",
      ),
    status: [400, "none"],
    said: /HPE_INVALID_CHUNK_SIZE/,
  },
  {
    name: "a 100 KB chunk extension",
    send: (c) =>
      chunked(c, "{}")
        .toString("latin1")
        .replace("2\r\n", `2;${"x".repeat(100_000)}\r\n`),
    status: [400, "none"],
    said: /HPE_CHUNK_EXTENSIONS_OVERFLOW/,
  },
  { name: "a well-formed chunked record", send: (c) => chunked(c, record("chunked-1")), status: 200, file: ["chunked-1.json", "chunked-1"] },
  { name: "a chunked body larger than --max-body", send: (c) => chunked(c, record("too-big-chunked", { pad: "x".repeat(300_000) })), status: [413, "none"] },
  { name: "bare LF line endings", send: (c) => `POST / HTTP/1.1\nHost: ${c.host}\nContent-Type: application/json\nContent-Length: 2\n\n{}`, status: 400 },
  { name: "an obsolete folded header line", send: (c) => post(c, "{}").toString("latin1").replace("Content-Type", " folded\r\nContent-Type"), status: 400 },
  { name: "a space before a header's colon", send: (c) => post(c, "{}").toString("latin1").replace("Content-Type:", "Content-Type :"), status: 400 },
  { name: "a NUL byte in a header value", send: (c) => post(c, "{}", [["X-Note", "a\u0000b"]]), status: 400 },
  {
    name: "3,000 header lines",
    send: (c) =>
      post(
        c,
        "{}",
        Array.from({ length: 3000 }, (_, i): [string, string] => [`X-${i}`, "y"]),
      ),
    status: 431,
  },
  { name: "a 20,000-character request target", send: (c) => post(c, "{}", [], `/${"a".repeat(20_000)}`), status: 431 },
  { name: "an HTTP/2 preface", send: () => "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", status: [400, "none"] },
  { name: "a TLS ClientHello", send: () => Buffer.from("16030100a5010000a10303", "hex"), status: [400, "none"] },
  { name: "CONNECT to the listener itself", send: (c) => `CONNECT ${c.host} HTTP/1.1\r\nHost: ${c.host}\r\n\r\n`, status: ["none", 400] },
  {
    name: "an Upgrade: websocket POST, read as a plain POST",
    send: (c) =>
      post(c, record("upgraded-1"), [
        ["Upgrade", "websocket"],
        ["Connection", "Upgrade"],
      ]),
    status: 200,
    file: ["upgraded-1.json", "upgraded-1"],
  },
  {
    name: "two records pipelined in one write",
    send: (c) => Buffer.concat([post(c, record("piped-1")), post(c, record("piped-2"))]),
    status: 200,
    then: [200],
    options: { answers: 2 },
    file: ["piped-2.json", "piped-2"],
  },
  // Node reads pipelined requests ahead: the second is judged on its own, though its answer never comes (the first closes).
  {
    name: "a refused request with a record pipelined behind it",
    send: (c) => Buffer.concat([rawRequest("GET", "/", [["Host", c.host]]), post(c, record("piped-behind"))]),
    status: 405,
    options: { answers: 0 },
    file: ["piped-behind.json", "piped-behind"],
  },
  // Who is asking: DNS rebinding and pages of other sites.
  { name: "Host 127.0.0.1.nip.io", send: (c) => post(c, record("x"), [["Host", `127.0.0.1.nip.io:${port(c)}`]]), status: 403 },
  { name: "Host localhost. (trailing dot)", send: (c) => post(c, record("x"), [["Host", `localhost.:${port(c)}`]]), status: 403 },
  { name: "Host [::1]", send: (c) => post(c, record("x"), [["Host", `[::1]:${port(c)}`]]), status: 403 },
  { name: "Host with userinfo", send: (c) => post(c, record("x"), [["Host", `user@${c.host}`]]), status: 403 },
  { name: "Host without the port", send: (c) => post(c, record("x"), [["Host", "127.0.0.1"]]), status: 403 },
  { name: "Host with a zero-padded port", send: (c) => post(c, record("x"), [["Host", `127.0.0.1:0${port(c)}`]]), status: 403 },
  {
    name: "Host in upper case",
    send: (c) => post(c, record("upper-host"), [["Host", `LOCALHOST:${port(c)}`]]),
    status: 200,
    file: ["upper-host.json", "upper-host"],
  },
  {
    name: "a foreign Host first and ours second",
    send: (c) =>
      post(c, record("x"), [
        ["Host", "attacker.example"],
        ["Host", c.host],
      ]),
    status: 403,
  },
  { name: "HTTP/1.0 without Host", send: () => `POST / HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`, status: 403 },
  {
    name: "an absolute-form target naming our own address",
    send: (c) => post(c, record("absolute-ours"), [], `http://${c.host}/`),
    status: 200,
    file: ["absolute-ours.json", "absolute-ours"],
  },
  {
    name: "an absolute-form target naming another host",
    send: (c) => post(c, record("absolute-foreign"), [], "http://attacker.example/hook"),
    status: 403,
    said: /the request is addressed to "http:\/\/attacker\.example\/hook", not to this server/,
  },
  {
    name: "an absolute-form target naming us over https",
    send: (c) => post(c, record("absolute-https"), [], `https://${c.host}/`),
    status: 200,
    file: ["absolute-https.json", "absolute-https"],
  },
  { name: "Origin null", send: (c) => post(c, record("x"), [["Origin", "null"]]), status: 403 },
  { name: "Origin file://", send: (c) => post(c, record("x"), [["Origin", "file://"]]), status: 403 },
  { name: "an Origin that starts with our address", send: (c) => post(c, record("x"), [["Origin", `http://${c.host}.attacker.example`]]), status: 403 },
  { name: "an Origin with our address as userinfo", send: (c) => post(c, record("x"), [["Origin", `http://${c.host}@attacker.example`]]), status: 403 },
  {
    name: "two Origin headers, ours first",
    send: (c) =>
      post(c, record("x"), [
        ["Origin", `http://${c.host}`],
        ["Origin", "https://attacker.example"],
      ]),
    status: 403,
  },
  {
    name: "our own Origin in upper case",
    send: (c) => post(c, record("own-origin"), [["Origin", `HTTP://LOCALHOST:${port(c)}`]]),
    status: 200,
    file: ["own-origin.json", "own-origin"],
  },
  {
    name: "Expect: 100-continue from a foreign Host (refused before the body)",
    send: (c) =>
      post(c, "", [
        ["Host", "attacker.example"],
        ["Expect", "100-continue"],
        ["Content-Length", "20"],
      ]),
    status: 403,
  },
  {
    name: "Expect: 100-continue over --max-body (refused before the body)",
    send: (c) =>
      post(c, "", [
        ["Expect", "100-continue"],
        ["Content-Length", String(10 * 1024 * 1024)],
      ]),
    status: 413,
  },
  // What is posted.
  { name: "GET", send: (c) => rawRequest("GET", "/", [["Host", c.host]]), status: 405 },
  {
    name: "OPTIONS (a preflight)",
    send: (c) =>
      rawRequest("OPTIONS", "/", [
        ["Host", c.host],
        ["Origin", "https://attacker.example"],
        ["Access-Control-Request-Method", "POST"],
      ]),
    status: 403,
  },
  { name: "a form post", send: (c) => post(c, "call_id=x", [["Content-Type", "application/x-www-form-urlencoded"]]), status: 415 },
  { name: "text/plain (what a cross-site form may send)", send: (c) => post(c, record("x"), [["Content-Type", "text/plain"]]), status: 415 },
  { name: "no Content-Type", send: (c) => post(c, record("x")).toString("latin1").replace("Content-Type: application/json\r\n", ""), status: 415 },
  {
    name: "JSON with a Latin-1 charset parameter",
    send: (c) => post(c, record("charset-1"), [["Content-Type", "APPLICATION/JSON; charset=latin1"]]),
    status: 200,
    file: ["charset-1.json", "charset-1"],
  },
  { name: "a gzip body", send: (c) => post(c, Buffer.from("1f8b0800000000000003abae0500", "hex"), [["Content-Encoding", "gzip"]]), status: 400 },
  { name: "a UTF-16 body", send: (c) => post(c, Buffer.from(`\ufeff${record("utf16")}`, "utf16le")), status: 400 },
  { name: "a UTF-8 byte-order mark", send: (c) => post(c, `\ufeff${record("bom")}`), status: 400 },
  {
    name: "bytes that are not UTF-8 inside a string",
    send: (c) => post(c, Buffer.concat([Buffer.from('{"call_id": "latin1-'), Buffer.from([0xe9, 0xff]), Buffer.from('"}')])),
    status: 200,
    file: ["latin1-%EF%BF%BD%EF%BF%BD.json", "latin1-\ufffd\ufffd"],
  },
  {
    name: "a number of 100,000 digits",
    send: (c) => post(c, `{"call_id": "long-number", "n": ${"9".repeat(100_000)}}`),
    status: 200,
    file: ["long-number.json", "long-number"],
  },
  {
    name: "arrays nested 100,000 deep",
    send: (c) => post(c, `{"call_id": "deep-arrays", "x": ${deep(100_000)}}`),
    status: 400,
    said: /nested 100001 levels deep, more than the 256 pathwaykit reads/,
  },
  {
    name: "objects nested 30,000 deep",
    send: (c) => post(c, `{"call_id": "deep-objects", "x": ${'{"a":'.repeat(30_000)}1${"}".repeat(30_000)}}`),
    status: 400,
    said: /nested 30001 levels deep/,
  },
  { name: "__proto__ holding the call_id", send: (c) => post(c, '{"__proto__": {"call_id": "from-proto"}}'), status: 400 },
  {
    name: "__proto__ and constructor keys beside a call_id",
    send: (c) => post(c, '{"call_id": "proto-keys", "__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}'),
    status: 200,
    file: ["proto-keys.json", "proto-keys"],
  },
  {
    name: "call_id given twice (the last one counts)",
    send: (c) => post(c, '{"call_id": "dup-first", "call_id": "dup-last"}'),
    status: 200,
    file: ["dup-last.json", "dup-last"],
  },
  { name: "call_id 1e400 (infinite)", send: (c) => post(c, '{"call_id": 1e400}'), status: 400 },
  { name: "call_id an object", send: (c) => post(c, record({ id: 1 })), status: 400 },
  { name: "call_id empty", send: (c) => post(c, record("")), status: 400 },
  { name: "a list of records", send: (c) => post(c, `[${record("in-list")}]`), status: 400 },
  { name: "call_id ..", send: (c) => post(c, record("..")), status: 200, file: ["%2E..json", ".."] },
  { name: "call_id climbing out with ../", send: (c) => post(c, record("../../escaped")), status: 200, file: ["%2E.%2F..%2Fescaped.json", "../../escaped"] },
  { name: "call_id an absolute path", send: (c) => post(c, record("/etc/cron.d/x")), status: 200, file: ["%2Fetc%2Fcron.d%2Fx.json", "/etc/cron.d/x"] },
  {
    name: "call_id with terminal escapes, C1, bidi, U+2028 and a newline",
    send: (c) => post(c, record("t\u001b]0;owned\u0007\u009b31m\u202e\u2028\nz")),
    status: 200,
    file: ["t%1B%5D0%3Bowned%07%C2%9B31m%E2%80%AE%E2%80%A8%0Az.json", "t\u001b]0;owned\u0007\u009b31m\u202e\u2028\nz"],
  },
  { name: "call_id with a NUL", send: (c) => post(c, record("nul\u0000id")), status: 200, file: ["nul%00id.json", "nul\u0000id"] },
  { name: "call_id with half a surrogate pair", send: (c) => post(c, record("half\ud800")), status: 200, file: ["half%uD800.json", "half\ud800"] },
  { name: "call_id of 300 characters", send: (c) => post(c, record("i".repeat(300))), status: 409, said: /the id is too long for a file name/ },
  {
    name: "a record under the name of another call's file",
    send: (c) => post(c, record("taken")),
    status: 409,
    said: /calls\/taken\.json holds call someone-else's record/,
  },
  { name: "a record whose file is a link to a file outside", send: (c) => post(c, record("linked")), status: 409 },
  {
    name: "a record wrapped in {data: ...}",
    send: (c) => post(c, JSON.stringify({ data: { call_id: "wrapped-1" } })),
    status: 200,
    file: ["wrapped-1.json", "wrapped-1"],
  },
  // Clients that stall or vanish (the listener runs with --timeout 1s).
  { name: "headers that never end", send: (c) => `POST / HTTP/1.1\r\nHost: ${c.host}\r\n`, status: [408, "none"] },
  {
    name: "a body that stops part way",
    send: (c) => post(c, "{").toString("latin1").replace("Content-Length: 1", "Content-Length: 1000"),
    status: "none",
    said: /no byte arrived for 1s/,
  },
  { name: "a connection that sends nothing", send: () => [], status: [408, "none"] },
  {
    name: "a request trickled in 7-byte pieces, each in time",
    send: (c) => pieces(post(c, record("trickled")), 7),
    status: 200,
    options: { gapMs: 5 },
    file: ["trickled.json", "trickled"],
  },
  // The secret (the second listener).
  { name: "no secret header", to: "guarded", send: (c) => post(c, record("s")), status: 401 },
  {
    name: "the secret with one character changed",
    to: "guarded",
    send: (c) => post(c, record("s"), [["X-Pathway-Secret", `${SECRET.slice(0, -1)}b`]]),
    status: 401,
  },
  {
    name: "the secret sent twice",
    to: "guarded",
    send: (c) =>
      post(c, record("s"), [
        ["X-Pathway-Secret", SECRET],
        ["X-Pathway-Secret", SECRET],
      ]),
    status: 401,
  },
  { name: "the secret in Authorization", to: "guarded", send: (c) => post(c, record("s"), [["Authorization", `Bearer ${SECRET}`]]), status: 401 },
  {
    name: "the secret from a foreign Host",
    to: "guarded",
    send: (c) =>
      post(c, record("s"), [
        ["X-Pathway-Secret", SECRET],
        ["Host", "attacker.example"],
      ]),
    status: 403,
  },
  {
    name: "the secret with spaces around it (HTTP trims them)",
    to: "guarded",
    send: (c) => post(c, record("secret-spaced"), [["X-Pathway-Secret", `  ${SECRET}  `]]),
    status: 200,
    file: ["secret-spaced.json", "secret-spaced"],
  },
];

const statusOf = (answer: RawAnswer): number | "none" => answer.statuses[0] ?? "none";

/** Secrets a request header cannot carry as they are (or that can be guessed): refused before anything listens. */
const SECRETS: [string, string, RegExp][] = [
  ["a secret of 7 characters", "hunter2", /is 7 characters long/],
  ["a secret with letters outside ASCII", "pässwört-sehr-lang-1234", /a character a request header cannot carry/],
  ["a secret with a space at its end", `${SECRET} `, /a character a request header cannot carry/],
  ["a secret with a newline", `${SECRET}\nX-Injected: 1`, /a character a request header cannot carry/],
];

describe("calls listen, hostile inputs", () => {
  it("holds at least 87 distinct inputs", () => {
    expect(new Set([...ROWS, ...SECRETS.map(([name]) => ({ name }))].map((r) => r.name)).size).toBe(ROWS.length + SECRETS.length);
    expect(ROWS.length + SECRETS.length).toBeGreaterThanOrEqual(87);
  });

  for (const row of ROWS) {
    it(row.name, async () => {
      const listener = row.to === "guarded" ? guarded : open;
      const ctx = { port: listener.port, host: `127.0.0.1:${listener.port}` };
      const answer = await rawExchange(listener.port, row.send(ctx), { waitMs: 15_000, ...row.options });
      const expected = Array.isArray(row.status) ? row.status : [row.status];
      expect(expected, answer.text.slice(0, 300)).toContain(statusOf(answer));
      if (row.then) expect(answer.statuses.slice(1)).toEqual(row.then);
      if (row.file) {
        const [name, id] = row.file;
        await listener.w.waitFor((out) => out.includes(`-> calls/${name}`));
        const saved = JSON.parse(readFileSync(path.join(listener.dir, "calls", name), "utf8")) as { call_id?: unknown; data?: { call_id?: unknown } };
        expect(saved.call_id ?? saved.data?.call_id).toBe(id);
      }
      if (row.said) await listener.w.waitFor((_, err) => row.said!.test(err));
      // Whatever came before, the next webhook is written.
      const next = await rawExchange(listener.port, post(ctx, record("after-row"), row.to === "guarded" ? [["X-Pathway-Secret", SECRET]] : []));
      expect(next.statuses).toEqual([200]);
    });
  }

  for (const [name, secret, message] of SECRETS) {
    it(`${name}: refused at the start (exit 2), never printed`, async () => {
      const r = await runMain(["calls", "listen", "--port", "0", "-o", "calls"], { cwd: tempDir(), env: { PATHWAYKIT_WEBHOOK_SECRET: secret } });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout + r.stderr).not.toContain(secret.trim().slice(0, 6));
    });
  }

  it("wrote nothing but the rows' records, never through the link, and printed no raw control character or stack", () => {
    const written = ROWS.filter((r) => r.file && r.to !== "guarded").map((r) => r.file![0]);
    expect(readdirSync(path.join(open.dir, "calls")).sort()).toEqual(
      [...new Set([...written, "after-row.json", "piped-1.json", "taken.json", "linked.json"])].sort(),
    );
    expect(readFileSync(outside, "utf8")).toBe(OUTSIDE_TEXT);
    expect(readdirSync(open.dir)).toEqual(["calls"]);
    expect(existsSync(path.join(guarded.dir, "calls", "s.json"))).toBe(false);
    for (const l of [open, guarded]) {
      expect(l.w.stdout() + l.w.stderr()).not.toMatch(RAW);
      expect(l.w.stderr()).not.toMatch(/^\s+at |Error:|internal error/m);
      expect(l.w.stdout() + l.w.stderr()).not.toContain(SECRET.slice(0, 12));
    }
  });
});

/** Requests of the rows' families, drawn at random: who asks, with what type, framed how, holding what. */
const generated = fc.record({
  host: fc.oneof(
    fc.constantFrom("ours", "OURS", "attacker.example", "127.0.0.1", "localhost.", "[::1]", "127.0.0.1.nip.io", ""),
    fc.stringMatching(/^[a-z0-9.:@-]{0,30}$/),
  ),
  origin: fc.option(fc.oneof(fc.constantFrom("ours", "null", "file://", "https://attacker.example"), fc.webUrl()), { nil: undefined }),
  type: fc.constantFrom("application/json", "application/ld+json", "text/plain", "application/json; charset=utf-16", "multipart/form-data"),
  framing: fc.constantFrom("length", "chunked", "pipelined"),
  body: fc.oneof(
    fc.string({ unit: "binary", maxLength: 40 }).map((id) => record(id)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 60 }),
    fc.constantFrom('{"__proto__": {"call_id": "p"}}', '{"call_id": "a", "call_id": "b"}', '{"c_id": 7}'),
    fc.integer({ min: 1, max: 20_000 }).map((n) => `{"call_id": "nested", "x": ${deep(n)}}`),
  ),
});

describe("calls listen, generated hostile requests", () => {
  let fuzzed: Listener;
  beforeAll(async () => {
    fuzzed = await start(["--max-calls", "10000000"]);
  }, 60_000);
  afterAll(async () => {
    if (fuzzed) expect(await fuzzed.w.stop()).toBe(0);
  });

  it(
    "answers each with a refusal or a write, and keeps answering",
    async () => {
      const ours = () => `127.0.0.1:${fuzzed.port}`;
      await fc.assert(
        fc.asyncProperty(generated, async (g) => {
          const host = g.host === "ours" ? ours() : g.host === "OURS" ? `LOCALHOST:${fuzzed.port}` : g.host;
          const origin = g.origin === "ours" ? `http://${ours()}` : g.origin;
          const headers: [string, string][] = [
            ["Host", host],
            ["Content-Type", g.type],
            ...(origin === undefined ? [] : [["Origin", origin] as [string, string]]),
          ];
          const one =
            g.framing === "chunked"
              ? rawRequest("POST", "/", [...headers, ["Transfer-Encoding", "chunked"]], `${Buffer.byteLength(g.body).toString(16)}\r\n${g.body}\r\n0\r\n\r\n`)
              : rawRequest("POST", "/", [...headers, ["Content-Length", String(Buffer.byteLength(g.body))]], g.body);
          const answer = await rawExchange(fuzzed.port, g.framing === "pipelined" ? Buffer.concat([one, one]) : one, {
            answers: g.framing === "pipelined" ? 0 : 1,
            waitMs: 15_000,
          });
          for (const status of answer.statuses) expect([200, 400, 403, 409, 413, 415]).toContain(status);
          const allowed = host.toLowerCase() === ours() || host.toLowerCase() === `localhost:${fuzzed.port}`;
          if (answer.statuses.includes(200)) expect(allowed && (origin === undefined || origin === `http://${ours()}`)).toBe(true);
        }),
        { numRuns: fuzzRuns(30) },
      );
      expect((await rawExchange(fuzzed.port, post({ port: fuzzed.port, host: ours() }, record("after-fuzz")))).statuses).toEqual([200]);
      expect(fuzzed.w.stdout() + fuzzed.w.stderr()).not.toMatch(RAW);
      expect(fuzzed.w.stderr()).not.toMatch(/^\s+at |internal error/m);
      // Every file is inside the output folder, under a name that reads back as its call.
      expect(readdirSync(fuzzed.dir)).toEqual(["calls"]);
    },
    LONG_FUZZ ? 0 : 60_000,
  );
});
