// Bounded input reading on real special files: a FIFO, /dev/zero, a socket, a /proc file that is longer than its size.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileBounded, readFileChunks, readStreamBounded } from "../../src/host/read-file-bounded.js";
import { runMain } from "../support/run-main.js";

const unix = process.platform !== "win32";
let dir: string;
let socket: Server | undefined;
const PATHWAY = JSON.stringify({ name: "P", nodes: [{ id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } }], edges: [] });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-bounded-"));
  writeFileSync(path.join(dir, "p.json"), PATHWAY);
  if (unix) {
    execFileSync("mkfifo", [path.join(dir, "fifo.json")]);
    socket = createServer();
    await new Promise<void>((resolve) => socket!.listen(path.join(dir, "sock.json"), resolve));
  }
});
afterAll(async () => {
  await new Promise<void>((resolve) => (socket ? socket.close(() => resolve()) : resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** The refusal a read ended with: an Error whose code is ENOTREGULAR (not a regular file) or EFBIG (over the cap). */
async function refusal(promise: Promise<unknown>): Promise<NodeJS.ErrnoException> {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as NodeJS.ErrnoException;
  expect(error).toBeInstanceOf(Error);
  expect(["ENOTREGULAR", "EFBIG"]).toContain(error.code);
  return error;
}

describe("readFileBounded", () => {
  it("reads a regular file", async () => {
    expect(Buffer.from(await readFileBounded(path.join(dir, "p.json"))).toString()).toBe(PATHWAY);
  });

  it.runIf(unix)("refuses a FIFO at once instead of waiting for a writer", async () => {
    expect((await refusal(readFileBounded(path.join(dir, "fifo.json")))).message).toMatch(/named pipe \(FIFO\), not a regular file/);
  });

  it.runIf(existsSync("/dev/zero"))("refuses /dev/zero instead of reading forever", async () => {
    expect((await refusal(readFileBounded("/dev/zero"))).message).toMatch(/is a device/);
  });

  it("refuses a file over the cap before reading it", async () => {
    expect((await refusal(readFileBounded(path.join(dir, "p.json"), 10))).message).toMatch(
      /is \d+ bytes, over the limit of 10 bytes read whole; raise it with --max-file-size/,
    );
  });

  it.runIf(existsSync("/proc/self/status"))("stops a file that grows past the cap while it is read (a /proc file says size 0)", async () => {
    expect((await refusal(readFileBounded("/proc/self/status", 100))).message).toMatch(/grew past 100 bytes while being read/);
  });

  it("caps stdin too, and stops an endless stream", async () => {
    const endless = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 0x20));
      },
    });
    expect((await refusal(readStreamBounded(endless, 1024 * 1024))).message).toMatch(/is over the limit of 1 MiB/);
  });
});

describe("readFileChunks", () => {
  const all = async (file: string) => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of readFileChunks(file)) chunks.push(chunk);
    return Buffer.concat(chunks);
  };

  it("reads a regular file of any size, in chunks of at most 1 MiB", async () => {
    const big = Buffer.alloc(2.5 * 1024 * 1024, 0x61);
    writeFileSync(path.join(dir, "big.ndjson"), big);
    const sizes: number[] = [];
    for await (const chunk of readFileChunks(path.join(dir, "big.ndjson"))) sizes.push(chunk.length);
    expect(sizes).toEqual([1048576, 1048576, 524288]);
    expect((await all(path.join(dir, "big.ndjson"))).equals(big)).toBe(true);
  });

  it.runIf(unix)("refuses a FIFO, a socket (which open answers ENXIO) and a directory as readFileBounded does", async () => {
    for (const [name, message] of [
      ["fifo.json", /named pipe/],
      ["sock.json", /ENXIO/],
      [".", /is a directory/],
    ] as const) {
      expect(
        (
          (await all(path.join(dir, name)).then(
            () => undefined,
            (e: unknown) => e,
          )) as Error
        ).message,
      ).toMatch(message);
    }
  });

  it.runIf(existsSync("/dev/zero"))("refuses /dev/zero instead of reading forever", async () => {
    expect(
      (
        (await all("/dev/zero").then(
          () => undefined,
          (e: unknown) => e,
        )) as NodeJS.ErrnoException
      ).code,
    ).toBe("ENOTREGULAR");
  });
});

describe("commands refuse special files and oversized inputs with a message, and go on with the others", () => {
  const run = (args: string[], env: Record<string, string> = {}) => runMain(args, { cwd: dir, env });

  it.runIf(unix)("validate: a FIFO, /dev/zero and a socket are refused; the regular file is still checked", async () => {
    const result = await run(["validate", "fifo.json", "/dev/zero", "sock.json", "p.json", "--format", "json"]);
    expect(result.code).toBe(2);
    const byFile = Object.fromEntries(
      (JSON.parse(result.stdout) as { filePath: string; messages: { message: string }[] }[]).map((r) => [
        r.filePath,
        r.messages.map((d) => d.message).join(" "),
      ]),
    );
    expect(byFile["fifo.json"]).toMatch(/named pipe/);
    expect(byFile["/dev/zero"]).toMatch(/is a device/);
    expect(byFile["sock.json"]).toMatch(/socket/);
    expect(byFile["p.json"]).toBe("");
  });

  it.runIf(unix)("a FIFO as the manifest or the lint config is refused instead of blocking", async () => {
    const sub = path.join(dir, "sub");
    mkdirSync(sub, { recursive: true });
    execFileSync("mkfifo", [path.join(sub, "pathwaykit.manifest.json")]);
    const fetch = await runMain(["fetch", "pw-1", "-o", "-"], { cwd: sub, env: { PATHWAYKIT_API_KEY: "k" } });
    expect(fetch.code).toBe(2);
    expect(fetch.stderr).toMatch(/pathwaykit\.manifest\.json: is a named pipe/);
    const lint = await run(["lint", "p.json", "--config", "fifo.json"]);
    expect(lint.code).toBe(2);
    expect(lint.stderr).toMatch(/fifo\.json:? is a named pipe/);
  });

  it("--max-file-size (before or after the command) and PATHWAYKIT_MAX_FILE_SIZE cap the files read", async () => {
    for (const args of [
      ["--max-file-size", "10", "lint", "p.json"],
      ["lint", "p.json", "--max-file-size", "10"],
    ]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stdout + result.stderr).toMatch(/over the limit of 10 bytes/);
    }
    expect((await run(["validate", "p.json"], { PATHWAYKIT_MAX_FILE_SIZE: "10" })).stdout).toMatch(/over the limit of 10 bytes/);
    expect((await run(["validate", "p.json"], { PATHWAYKIT_MAX_FILE_SIZE: "1k" })).code).toBe(0);
    const bad = await run(["validate", "p.json"], { PATHWAYKIT_MAX_FILE_SIZE: "huge" });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/PATHWAYKIT_MAX_FILE_SIZE="huge": expected a size/);
  });

  it.runIf(existsSync("/dev/zero"))("analyze, diff and import refuse /dev/zero with exit 2", async () => {
    for (const args of [
      ["analyze", "/dev/zero"],
      ["diff", "/dev/zero", "p.json"],
      ["import", "/dev/zero"],
    ]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/\/dev\/zero: is a device, not a regular file/);
    }
  });

  it.runIf(existsSync("/dev/zero"))(
    "test: a scenario whose pathway: is /dev/zero fails with a message, unopened (outside the project); and a scenario file that is a FIFO",
    async () => {
      writeFileSync(path.join(dir, "zero.scenario.yaml"), "name: zero\npathway: /dev/zero\nturns:\n  - user: hi\n");
      const result = await run(["test", "zero.scenario.yaml", "--format", "json"]);
      expect(result.code).toBe(2);
      expect(result.stdout + result.stderr).toMatch(/pathway: \\?"\/dev\/zero\\?" is an absolute path outside the project folder/);
      if (!unix) return;
      const fifo = await run(["test", "fifo.json", "--format", "json"]);
      expect(fifo.code).toBe(2);
      expect(fifo.stdout + fifo.stderr).toMatch(/named pipe/);
    },
  );
});
