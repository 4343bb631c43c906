// `pathway calls listen` against hostile and broken clients over real loopback sockets: it says what it dropped and keeps serving.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { startWatch, type WatchProcess } from "../support/watch-process.js";

const BODY = readFileSync(path.join(ROOT, "test/fixtures/calls/pizzeria/order.json"), "utf8");
const CALL_ID = "bbbb0001-0000-4000-8000-000000000001";
const SECRET = "test-secret-0f3a9c1d2b7e4a60";

const running: WatchProcess[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(running.splice(0).map((w) => w.stop()));
});

/** Starts `calls listen` on a free port in a fresh folder, once it says where it listens. */
async function start(args: string[] = [], env: Record<string, string> = {}): Promise<{ w: WatchProcess; dir: string; port: number }> {
  const dir = tempDir();
  const w = startWatch(["calls", "listen", "--port", "0", "-o", "calls", ...args], dir, env);
  running.push(w);
  await w.waitFor((out) => /listening on http:\/\/127\.0\.0\.1:\d+/.test(out));
  return { w, dir, port: Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(w.stdout())![1]) };
}

/** A POST with the headers given (Host included: fetch cannot set it), on a connection of its own. */
function post(port: number, headers: Record<string, string> = {}, body = BODY): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/",
        agent: false,
        headers: { host: `127.0.0.1:${port}`, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Opens a raw connection and writes `text`; resolves once the bytes are handed to the system. */
function rawSend(port: number, text: string | Buffer): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text, (error) => (error ? reject(error) : resolve(socket))));
    socket.on("error", () => {});
    // Read what the server answers (a 408), or the socket never sees the end of the connection.
    socket.resume();
    sockets.push(socket);
  });
}

/** The status of a webhook posted once the server has seen clients' closes (until then a new connection may find the cap reached). */
async function postOnceFree(port: number): Promise<number> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const status = await post(port).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 0) return status;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return 0;
}

const closedBy = (socket: net.Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once("close", () => resolve())));
const head = (port: number, length: number, host = `127.0.0.1:${port}`) =>
  `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, "g"))?.length ?? 0;

/** The resident memory of a process in bytes, where the system shows it (Linux); undefined elsewhere. */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/status`)) return undefined;
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return kb ? Number(kb[1]) * 1024 : undefined;
}

describe("pathway calls listen, with clients that fail", () => {
  it("drops a request whose client sends headers and part of the body and then closes or resets, says so in one line, and writes the next webhook", async () => {
    const { w, dir, port } = await start();
    (await rawSend(port, head(port, 1000) + BODY.slice(0, 40))).destroy();
    await w.waitFor((_, err) =>
      /pathway: dropped a connection: the client closed the connection part way through a request \(after 40 of 1000 bytes of the body\)\n/.test(err),
    );
    (await rawSend(port, head(port, 1000) + BODY.slice(0, 40))).resetAndDestroy();
    await w.waitFor(
      (_, err) =>
        count(
          err,
          /pathway: dropped a connection: the client (?:closed|reset) the connection part way through a request \(after 40 of 1000 bytes of the body\)\n/,
        ) === 2,
    );
    expect((await post(port)).status).toBe(200);
    await w.waitFor((out) => out.includes(`received ${CALL_ID} -> calls/${CALL_ID}.json`));
    expect(JSON.parse(readFileSync(path.join(dir, "calls", `${CALL_ID}.json`), "utf8"))).toMatchObject({ call_id: CALL_ID });
    expect(w.stderr()).not.toMatch(/at .*\.js:\d+|Error:/);
    expect(count(w.stderr(), /\n/)).toBe(2);
  });

  it("drops a client that trickles its body, its headers, or nothing past --timeout, and serves the next", async () => {
    const { w, port } = await start(["--timeout", "1s"]);
    const body = await rawSend(port, `${head(port, 1000)}{`);
    const headers = await rawSend(port, `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    const silent = await rawSend(port, "");
    await Promise.all([closedBy(body), closedBy(headers), closedBy(silent)]);
    await w.waitFor(
      (_, err) =>
        err.includes("no byte arrived for 1s: the client sends too slowly (after 1 of 1000 bytes of the body)") &&
        err.includes("the request was not complete in time") &&
        err.includes("no request arrived within 1s"),
    );
    expect((await post(port)).status).toBe(200);
  });

  it("refuses a foreign Host (DNS rebinding) and another site's Origin with 403, writing nothing", async () => {
    const { w, dir, port } = await start();
    const rebound = await post(port, { host: `attacker.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ status: "error", message: expect.stringContaining(`only at 127.0.0.1:${port}`) });
    expect((await post(port, { origin: "https://attacker.example" })).status).toBe(403);
    expect((await post(port, { origin: "null" })).status).toBe(403);
    expect(existsSync(path.join(dir, "calls"))).toBe(false);
    await w.waitFor((_, err) => count(err, /refused a request \(403\)/) === 3);
    expect(w.stderr()).toContain(`refused a request (403): this server answers only at 127.0.0.1:${port}, not at Host "attacker.example:${port}"`);
    expect(w.stderr()).toContain('refused a request (403): a page of another site sent this request (Origin "https://attacker.example")');
    expect((await post(port, { host: `localhost:${port}`, origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    expect(readdirSync(path.join(dir, "calls"))).toEqual([`${CALL_ID}.json`]);
  });

  it("answers a tunnel's public Host named with --allow-host, and still no other", async () => {
    const { port } = await start(["--allow-host", "hooks.example.test"]);
    expect((await post(port, { host: "attacker.example" })).status).toBe(403);
    expect((await post(port, { host: "hooks.example.test", origin: "https://hooks.example.test" })).status).toBe(200);
  });

  it("closes connections past the default cap (64) unanswered, one line each, and serves once they go", async () => {
    const { w, port } = await start();
    // 64 clients that never finish their headers hold the connections allowed.
    const held = await Promise.all(Array.from({ length: 64 }, () => rawSend(port, `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`)));
    const refused = await Promise.all(Array.from({ length: 16 }, () => rawSend(port, head(port, 10))));
    await Promise.all(refused.map(closedBy));
    await w.waitFor((_, err) => count(err, /pathway: dropped a connection: a new connection was closed: 64 are open, the most at once\n/) === 16);
    for (const s of held) s.destroy();
    expect(await postOnceFree(port)).toBe(200);
  });

  it("holds at most --max-in-flight bytes of bodies, answers the rest 503 (or closes them past --max-connections), and does not grow", async () => {
    const size = 8 * 1024 * 1024;
    const { w, port } = await start(["--max-connections", "4", "--max-in-flight", "10MB", "--max-body", "8MB"]);
    // Warm up, so the baseline includes what the first request loads.
    expect((await post(port)).status).toBe(200);
    const before = residentBytes(w.pid);
    // 20 clients each declare 8 MB and send all but its last byte: a body that never ends is held as long as it is read.
    const chunk = Buffer.alloc(size - 1, 0x20);
    const flood = Array.from({ length: 20 }, () => {
      const socket = net.connect(port, "127.0.0.1");
      sockets.push(socket);
      socket.on("error", () => {});
      socket.resume();
      return new Promise<void>((resolve) => {
        socket.once("close", () => resolve());
        socket.write(head(port, size));
        socket.write(chunk, () => resolve());
      });
    });
    await Promise.all(flood);
    const busy = /refused a request \(503\): too many bytes of bodies are being read at once; send it again later\n/;
    const dropped = /dropped a connection: a new connection was closed: 4 are open, the most at once\n/;
    // One body fits; each of the 19 others is refused, by the budget or by the connection cap.
    await w.waitFor((_, err) => count(err, busy) + count(err, dropped) === 19);
    expect(count(w.stderr(), busy)).toBeGreaterThanOrEqual(3);
    const after = residentBytes(w.pid);
    if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(64 * 1024 * 1024);
    for (const s of sockets.splice(0)) s.destroy();
    expect(await postOnceFree(port)).toBe(200);
  });

  it("with PATHWAYKIT_WEBHOOK_SECRET, refuses a request without the x-pathway-secret header or with another value (401) and takes the right one, never printing it", async () => {
    const { w, dir, port } = await start([], { PATHWAYKIT_WEBHOOK_SECRET: SECRET });
    expect((await post(port)).status).toBe(401);
    expect((await post(port, { "x-pathway-secret": `${SECRET}x` })).status).toBe(401);
    expect((await post(port, { "x-pathway-secret": SECRET.slice(0, -1) })).status).toBe(401);
    expect((await post(port, { authorization: SECRET })).status).toBe(401);
    expect(existsSync(path.join(dir, "calls"))).toBe(false);
    expect((await post(port, { "x-pathway-secret": SECRET })).status).toBe(200);
    await w.waitFor(
      (out, err) =>
        out.includes(`received ${CALL_ID}`) &&
        count(err, /refused a request \(401\): the x-pathway-secret header (?:is missing|does not hold the secret)\n/) === 4,
    );
    expect(w.stdout()).toMatch(/requests need the x-pathway-secret header/);
    expect(w.stdout() + w.stderr()).not.toContain(SECRET.slice(0, 12));
  });

  it("takes the secret from --secret and the header --secret-header names", async () => {
    const { w, port } = await start(["--secret", SECRET, "--secret-header", "X-Hook-Key"]);
    expect((await post(port, { "x-pathway-secret": SECRET })).status).toBe(401);
    expect((await post(port, { "x-hook-key": SECRET })).status).toBe(200);
    await w.waitFor((out) => out.includes(`received ${CALL_ID}`));
    expect(w.stdout() + w.stderr()).not.toContain(SECRET.slice(0, 12));
  });

  it("refuses a secret too short to resist guessing (exit 2), without printing it", () => {
    const dir = tempDir();
    const flag = runCli(["calls", "listen", "--port", "0", "-o", "calls", "--secret", "hunter2"], { cwd: dir });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/--secret is 7 characters long; use at least 16/);
    const env = runCli(["calls", "listen", "--port", "0", "-o", "calls"], { cwd: dir, env: { PATHWAYKIT_WEBHOOK_SECRET: "hunter2" } });
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/PATHWAYKIT_WEBHOOK_SECRET is 7 characters long/);
    expect(flag.stdout + flag.stderr + env.stdout + env.stderr).not.toContain("hunter2");
  });
});
