// Hostile pass over `pathway report --serve`: what a web page (DNS rebinding, cross-site requests), a stray local client and a hostile pathway send to the loopback server, one row each.
// The quick run sends each row once; PATHWAYKIT_FUZZ_RUNS=2000 npx vitest run test/fuzz/hostile-report-serve.test.ts also sends that many generated requests.
import { readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, tempDir } from "../support/cli.js";
import { fuzzRuns, LONG_FUZZ } from "../support/fuzz.js";
import { rawExchange, rawRequest, type RawAnswer, type RawOptions } from "../support/raw-http.js";
import { startWatch, type WatchProcess } from "../support/watch-process.js";

/** Names that try to end the page's script, open a tag, or hide in a line separator. */
const INJECTIONS = [
  "</script><script>alert(1)</script>",
  '"><img src=x onerror=alert(2)>',
  "<!--",
  "\u2028</ScRiPt >",
  "{{constructor.constructor('alert(3)')()}}",
];
const pathway = (suffix: string) => {
  const value = JSON.parse(readFileSync(path.join(ROOT, "pathways/appointment-booking.json"), "utf8")) as {
    name?: string;
    nodes: { data?: { name: string } }[];
  };
  value.name = `Booking ${INJECTIONS[0]}${suffix}`;
  value.nodes.forEach((n, i) => n.data && (n.data.name = `${n.data.name} ${INJECTIONS[i % INJECTIONS.length]}`));
  return JSON.stringify(value, null, 2);
};

let w: WatchProcess;
let dir: string;
let port: number;
beforeAll(async () => {
  dir = tempDir("pathwaykit-hostile-serve-");
  writeFileSync(path.join(dir, "a.json"), pathway(""));
  w = startWatch(["report", "a.json", "--serve", "--port", "0"], dir);
  await w.waitFor((out, err) => err.includes("pathway: watching") && out.includes("wrote a.report.html"));
  port = Number(/serving the report at http:\/\/127\.0\.0\.1:(\d+)\//.exec(w.stderr())![1]);
}, 120_000);

afterAll(async () => {
  if (!w) return;
  expect(await w.stop()).toBe(0);
  expect(w.stderr()).not.toMatch(/^\s+at |internal error/m);
});

const host = () => `127.0.0.1:${port}`;
const get = (target: string, headers: [string, string][] = [], method = "GET") => rawRequest(method, target, [["Host", host()], ...headers]);
const withHost = (value: string, target = "/") => rawRequest("GET", target, [["Host", value]]);
/** Keeps `count` connections open (each having sent `text`) until the returned function closes them. */
async function hold(count: number, text: () => string): Promise<{ sockets: net.Socket[]; release: () => void }> {
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket>((resolve) => {
          const socket = net.connect(port, "127.0.0.1", () => socket.write(text(), () => resolve(socket)));
          socket.on("error", () => {});
        }),
    ),
  );
  return { sockets, release: () => sockets.forEach((s) => s.destroy()) };
}
const streamOpen = (t: string) => t.includes(": connected");

interface Row {
  name: string;
  send?: () => string | Buffer;
  status?: number | "none" | (number | "none")[];
  options?: RawOptions;
  /** More checks on the answer. */
  check?: (answer: RawAnswer) => void;
  /** A row that needs more than one exchange. */
  run?: () => Promise<void>;
}

const ROWS: Row[] = [
  {
    name: "GET / serves the page, its CSP and nothing of the hostile names raw",
    send: () => get("/"),
    status: 200,
    check: (a) => {
      expect(a.text).toMatch(/content-security-policy: [^\r]*default-src 'none'/i);
      for (const bad of ["</script><script>alert(1)", "<img src=x onerror", "</ScRiPt >"]) expect(a.text).not.toContain(bad);
    },
  },
  { name: "HEAD / answers headers only", send: () => get("/", [], "HEAD"), status: 200, options: { head: true } },
  { name: "a query string", send: () => get("/?x=%3Cscript%3E&y=../../etc/passwd"), status: 200 },
  { name: "a fragment in the target", send: () => get("/#frag"), status: 404 },
  {
    name: "GET /events opens the stream",
    send: () => get("/events"),
    status: 200,
    options: { answers: 0, until: streamOpen, waitMs: 20_000 },
    check: (a) => expect(a.text).toMatch(/content-type: text\/event-stream/i),
  },
  { name: "HEAD /events answers at once (it held a stream open, unanswered)", send: () => get("/events", [], "HEAD"), status: 200, options: { head: true } },
  {
    name: "POST /",
    send: () =>
      rawRequest(
        "POST",
        "/",
        [
          ["Host", host()],
          ["Content-Length", "3"],
        ],
        "abc",
      ),
    status: 405,
  },
  {
    name: "PUT /events",
    send: () =>
      rawRequest("PUT", "/events", [
        ["Host", host()],
        ["Content-Length", "0"],
      ]),
    status: 405,
  },
  { name: "DELETE /", send: () => get("/", [], "DELETE"), status: 405 },
  { name: "TRACE /", send: () => get("/", [], "TRACE"), status: 405 },
  { name: "OPTIONS *", send: () => get("*", [], "OPTIONS"), status: 404 },
  {
    name: "a CORS preflight from another site",
    send: () =>
      get(
        "/events",
        [
          ["Origin", "https://attacker.example"],
          ["Access-Control-Request-Method", "GET"],
        ],
        "OPTIONS",
      ),
    status: 403,
    check: (a) => expect(a.text).not.toMatch(/access-control-allow/i),
  },
  { name: "CONNECT to the server itself", send: () => `CONNECT ${host()} HTTP/1.1\r\nHost: ${host()}\r\n\r\n`, status: ["none", 400] },
  { name: "the pathway file by name", send: () => get("/a.json"), status: 404 },
  { name: "the written report by name", send: () => get("/a.report.html"), status: 404 },
  { name: "a path climbing with ..", send: () => get("/../a.json"), status: 404 },
  { name: "a path climbing with encoded dots", send: () => get("/%2e%2e/%2e%2e/etc/passwd"), status: 404 },
  { name: "a path starting with //", send: () => get("//etc/passwd"), status: 404 },
  { name: "a path with backslashes", send: () => get("/\\..\\a.json"), status: 404 },
  { name: "/events/../ (not normalised into /)", send: () => get("/events/../"), status: 404 },
  { name: "/EVENTS in upper case", send: () => get("/EVENTS"), status: 404 },
  // Who is asking.
  { name: "Host 127.0.0.1.nip.io (DNS rebinding)", send: () => withHost(`127.0.0.1.nip.io:${port}`), status: 403 },
  { name: "Host localhost. (trailing dot)", send: () => withHost(`localhost.:${port}`), status: 403 },
  { name: "Host [::1]", send: () => withHost(`[::1]:${port}`), status: 403 },
  { name: "Host with userinfo", send: () => withHost(`user@127.0.0.1:${port}`), status: 403 },
  { name: "Host without the port", send: () => withHost("127.0.0.1"), status: 403 },
  { name: "Host with a plus-signed port", send: () => withHost(`127.0.0.1:+${port}`), status: 403 },
  { name: "Host with two values", send: () => withHost(`127.0.0.1:${port}, attacker.example`), status: 403 },
  { name: "Host in upper case", send: () => withHost(`LOCALHOST:${port}`), status: 200 },
  { name: "HTTP/1.0 without Host", send: () => "GET / HTTP/1.0\r\n\r\n", status: 403 },
  {
    name: "an absolute-form target naming another host",
    send: () => get("http://attacker.example/"),
    status: 403,
    check: (a) => expect(a.text).toMatch(/addressed to "http:\/\/attacker\.example\/", not to this server/),
  },
  { name: "an absolute-form target naming this server", send: () => get(`http://${host()}/`), status: 200 },
  { name: "Origin null on the page", send: () => get("/", [["Origin", "null"]]), status: 403 },
  { name: "Origin file://", send: () => get("/", [["Origin", "file://"]]), status: 403 },
  { name: "another site's Origin on the stream", send: () => get("/events", [["Origin", "https://attacker.example"]]), status: 403 },
  {
    name: "our own Origin on the stream",
    send: () => get("/events", [["Origin", `http://${host()}`]]),
    status: 200,
    options: { answers: 0, until: streamOpen, waitMs: 20_000 },
  },
  // How it is asked.
  { name: "a 20,000-character target", send: () => get(`/${"a".repeat(20_000)}`), status: 431 },
  {
    name: "3,000 header lines",
    send: () =>
      get(
        "/",
        Array.from({ length: 3000 }, (_, i): [string, string] => [`X-${i}`, "y"]),
      ),
    status: 431,
  },
  {
    name: "three requests pipelined",
    send: () => Buffer.concat([get("/"), get("/nope"), get("/", [], "HEAD")]),
    status: 200,
    options: { answers: 3, head: false },
    check: (a) => expect(a.statuses.slice(0, 2)).toEqual([200, 404]),
  },
  {
    name: "a GET with a chunked body (ignored)",
    send: () =>
      rawRequest(
        "GET",
        "/",
        [
          ["Host", host()],
          ["Transfer-Encoding", "chunked"],
        ],
        "5\r\nhello\r\n0\r\n\r\n",
      ),
    status: 200,
  },
  {
    name: "a POST announcing 100 MB, answered without reading it",
    send: () =>
      rawRequest(
        "POST",
        "/",
        [
          ["Host", host()],
          ["Content-Length", String(100 * 1024 * 1024)],
        ],
        "x".repeat(1000),
      ),
    status: 405,
  },
  { name: "bytes that are not HTTP", send: () => Buffer.from([0, 1, 2, 255, 13, 10, 13, 10]), status: [400, "none"] },
  { name: "a TLS ClientHello", send: () => Buffer.from("16030100a5010000a10303", "hex"), status: [400, "none"] },
  { name: "an HTTP/2 preface", send: () => "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", status: [400, "none"] },
  {
    name: "40 clients that never finish their headers",
    run: async () => {
      const held = await hold(40, () => `GET / HTTP/1.1\r\nHost: ${host()}\r\n`);
      expect((await rawExchange(port, get("/"))).statuses).toEqual([200]);
      held.release();
    },
  },
  {
    name: "32 open streams, and a 33rd",
    run: async () => {
      const held = await hold(32, () => `GET /events HTTP/1.1\r\nHost: ${host()}\r\n\r\n`);
      // Each stream is counted once the server has answered it; a request after them all finds the limit reached.
      await Promise.all(held.sockets.map((s) => new Promise<void>((resolve) => s.once("data", () => resolve()))));
      expect((await rawExchange(port, get("/events"))).statuses).toEqual([503]);
      held.release();
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
        const again = await rawExchange(port, get("/events"), { answers: 0, until: streamOpen, waitMs: 20_000 });
        if (streamOpen(again.text)) return;
      }
      throw new Error("no stream opened once the others closed");
    },
  },
  {
    name: "a save of the hostile pathway reloads every open stream",
    run: async () => {
      const held = await hold(20, () => `GET /events HTTP/1.1\r\nHost: ${host()}\r\n\r\n`);
      // Each stream says it is connected, then (after the save) that the page is reloaded.
      const seen = held.sockets.map((s) => {
        let text = "";
        const waiters: [string, () => void][] = [];
        s.on("data", (chunk: Buffer) => {
          text += chunk.toString("latin1");
          for (const [what, resolve] of waiters) if (text.includes(what)) resolve();
        });
        const waitFor = (what: string) => new Promise<void>((resolve) => (text.includes(what) ? resolve() : waiters.push([what, resolve])));
        return { connected: waitFor(": connected"), reloaded: waitFor("event: reload") };
      });
      await Promise.all(seen.map((s) => s.connected));
      writeFileSync(path.join(dir, "a.json"), pathway(` ${INJECTIONS[1]}`));
      await Promise.all(seen.map((s) => s.reloaded));
      held.release();
      const page = await rawExchange(port, get("/"));
      expect(page.text).not.toContain("<img src=x onerror");
    },
  },
];

describe("report --serve, hostile inputs", () => {
  it("holds at least 47 distinct inputs", () => {
    expect(new Set(ROWS.map((r) => r.name)).size).toBe(ROWS.length);
    expect(ROWS.length).toBeGreaterThanOrEqual(47);
  });

  for (const row of ROWS) {
    it(row.name, async () => {
      if (row.run) await row.run();
      else {
        const answer = await rawExchange(port, row.send!(), { waitMs: 20_000, ...row.options });
        const expected = Array.isArray(row.status) ? row.status : [row.status];
        expect(expected, answer.text.slice(0, 300)).toContain(answer.first ?? "none");
        row.check?.(answer);
      }
      expect((await rawExchange(port, get("/"))).statuses).toEqual([200]);
    });
  }
});

describe("report --serve, generated hostile requests", () => {
  it(
    "answers each with the page, a refusal or nothing, and keeps serving",
    async () => {
      const target = fc.oneof(fc.constantFrom("/", "/events", "*", "/a.json", "//", "/%2e%2e/"), fc.webPath(), fc.webUrl());
      const hostValue = fc.oneof(fc.constantFrom("ours", "attacker.example", "127.0.0.1", "[::1]", ""), fc.domain());
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<string>("GET", "HEAD", "POST", "OPTIONS", "PATCH"),
          target,
          hostValue,
          fc.option(fc.webUrl(), { nil: undefined }),
          async (method, path, h, origin) => {
            const headers: [string, string][] = [
              ["Host", h === "ours" ? host() : h],
              ...(origin === undefined ? [] : [["Origin", origin] as [string, string]]),
            ];
            const answer = await rawExchange(port, rawRequest(method, path, headers), { head: method === "HEAD", waitMs: 20_000, until: streamOpen });
            const status = answer.first;
            if (status !== undefined) expect([200, 400, 403, 404, 405]).toContain(status);
            if (status === 200) expect(h === "ours" && origin === undefined).toBe(true);
          },
        ),
        { numRuns: fuzzRuns(30) },
      );
      expect((await rawExchange(port, get("/"))).statuses).toEqual([200]);
    },
    LONG_FUZZ ? 0 : 60_000,
  );
});
