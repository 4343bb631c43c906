// `pathway calls listen`: the real command on loopback receives webhook bodies, writes them atomically, refuses the rest, stops at --max-calls.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, ROOT, tempDir } from "../support/cli.js";

const BODY = readFileSync(path.join(ROOT, "test/fixtures/calls/pizzeria/order.json"), "utf8");

/** Children still running when a test ends (one that failed before --max-calls) are stopped, not left listening. */
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill();
});

/** Starts the command and resolves with its URL once it listens; `done` resolves with the exit code and output. */
function listen(args: string[], cwd: string): Promise<{ url: string; done: Promise<{ code: number | null; stdout: string; stderr: string }> }> {
  const child = spawn(process.execPath, [BIN, "calls", "listen", "--port", "0", ...args], { cwd, env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" } });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (m) resolve({ url: m[1]!, done });
    });
    child.on("close", () => reject(new Error(`exited before listening: ${stderr}`)));
  });
}

const post = (url: string, body: string, type = "application/json") => fetch(url, { method: "POST", headers: { "content-type": type }, body });

describe("pathway calls listen", () => {
  it("writes each call-end body, refuses what is not a JSON record or too large, and stops after --max-calls", async () => {
    const dir = tempDir();
    const { url, done } = await listen(["-o", "calls", "--max-calls", "2", "--max-body", "20KB"], dir);
    expect((await fetch(url)).status).toBe(405);
    expect((await post(url, "x=1", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await post(url, "{oops")).status).toBe(400);
    expect((await post(url, JSON.stringify({ hello: 1 }))).status).toBe(400);
    expect((await post(url, JSON.stringify({ call_id: "big", pad: "x".repeat(30_000) }))).status).toBe(413);
    expect((await post(url, BODY)).status).toBe(200);
    expect((await post(url, JSON.stringify({ ...JSON.parse(BODY), call_id: "second" }))).status).toBe(200);
    const { code, stdout, stderr } = await done;
    expect(code).toBe(0);
    expect(readdirSync(path.join(dir, "calls")).sort()).toEqual(["bbbb0001-0000-4000-8000-000000000001.json", "second.json"]);
    expect(JSON.parse(readFileSync(path.join(dir, "calls/second.json"), "utf8"))).toMatchObject({ call_id: "second", pathway_id: "pw-pizzeria" });
    expect(stdout).toMatch(
      /received bbbb0001-0000-4000-8000-000000000001 -> calls\/bbbb0001-0000-4000-8000-000000000001\.json\nreceived second -> calls\/second\.json\nstopped after 2 calls\n$/,
    );
    expect(stdout).not.toMatch(/555.?0100/);
    expect(stderr).toMatch(/refused a request \(413\)/);
  });

  it("writes a/b, a_b, a.b and a:b to a file each, and answers 409 for a file that holds another call's record, leaving it", async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, "calls"));
    // What an older version wrote for call x/y: x_y.json.
    const old = JSON.stringify({ ...JSON.parse(BODY), call_id: "x/y" });
    writeFileSync(path.join(dir, "calls/x_y.json"), old);
    const { url, done } = await listen(["-o", "calls", "--max-calls", "5"], dir);
    const record = (id: string) => JSON.stringify({ ...JSON.parse(BODY), call_id: id, c_id: id });
    const conflict = await post(url, record("x_y"));
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { message: string }).message).toMatch(
      /calls\/x_y\.json holds call x\/y's record, not call x_y's record: nothing was written over it\. .*rename the file to x%2Fy\.json/,
    );
    for (const id of ["a/b", "a_b", "a.b", "a:b", "a/b"]) expect((await post(url, record(id))).status).toBe(200);
    const { code, stderr } = await done;
    expect(code).toBe(0);
    expect(stderr).toMatch(/refused a request \(409\)/);
    expect(readFileSync(path.join(dir, "calls/x_y.json"), "utf8")).toBe(old);
    expect(readdirSync(path.join(dir, "calls")).sort()).toEqual(["a%2Fb.json", "a%3Ab.json", "a.b.json", "a_b.json", "x_y.json"]);
  });
});
