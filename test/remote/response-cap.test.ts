// The client's answer cap against a real loopback server: an endless chunked body, a huge Content-Length, a gzip bomb.
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPathwayClient } from "../../src/remote/index.js";
import { startFakeService, type FakeService } from "../support/fake-service.js";
import { runMain } from "../support/run-main.js";
import { failure } from "../support/remote-failure.js";

const PATHWAY = { name: "P", nodes: [{ id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } }], edges: [] };

let service: FakeService;
beforeEach(async () => {
  service = await startFakeService({ pathways: { "pw-1": PATHWAY } });
});
afterEach(async () => {
  await service.close();
});

const client = (maxResponseBytes?: number) =>
  createPathwayClient({ baseUrl: service.url, apiKey: service.apiKey, retries: 0, timeoutMs: 10_000, maxResponseBytes });

describe("answer cap", () => {
  it("cuts an endless chunked body off at the limit", async () => {
    service.addFault({ type: "endless" });
    // The endless body never ends: reaching this error at all is the proof that reading stopped at the limit.
    const error = await failure(client(1024 * 1024).getPathway("pw-1"));
    expect(error.kind).toBe("too-large");
    expect(error.message).toMatch(/over the limit of 1 MiB/);
  });

  it("refuses a 10 GiB Content-Length before reading the body", async () => {
    service.addFault({ type: "raw", headers: { "content-type": "application/json", "content-length": String(10 * 1024 ** 3) }, body: Buffer.from("{") });
    const error = await failure(client().getPathway("pw-1"));
    expect(error.kind).toBe("too-large");
    expect(error.message).toMatch(/declares 10240 MiB \(Content-Length\), over the limit of 64 MiB/);
  });

  it("stops a gzip bomb at the limit of decompressed bytes", async () => {
    // 32 MiB of spaces compress to about 32 KiB: 32 times the limit.
    const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(64 * 1024);
    service.addFault({
      type: "raw",
      headers: { "content-type": "application/json", "content-encoding": "gzip", "content-length": String(bomb.length) },
      body: bomb,
    });
    const error = await failure(client(1024 * 1024).getPathway("pw-1"));
    expect(error.kind).toBe("too-large");
    expect(error.message).toMatch(/over the limit of 1 MiB/);
  });

  it("still reads a normal gzip answer", async () => {
    const body = gzipSync(Buffer.from(JSON.stringify(PATHWAY)));
    service.addFault({ type: "raw", headers: { "content-type": "application/json", "content-encoding": "gzip" }, body });
    expect((await client().getPathway("pw-1")).pathway).toEqual(PATHWAY);
  });

  it("takes the cap from --max-response and PATHWAYKIT_MAX_RESPONSE_SIZE, and rejects a bad one", async () => {
    const env = { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey };
    const cwd = process.cwd();
    const flag = await runMain(["fetch", "pw-1", "-o", "-", "--no-manifest", "--max-response", "10"], { cwd, env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/over the limit of 10 bytes/);
    const fromEnv = await runMain(["fetch", "pw-1", "-o", "-", "--no-manifest"], { cwd, env: { ...env, PATHWAYKIT_MAX_RESPONSE_SIZE: "20" } });
    expect(fromEnv.stderr).toMatch(/over the limit of 20 bytes/);
    const bad = await runMain(["fetch", "pw-1", "-o", "-", "--no-manifest", "--max-response", "lots"], { cwd, env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--max-response.*Expected a size/);
  });
});
