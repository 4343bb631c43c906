// Answers that used to read as success or as nonsense: a save refused with 200, a file: base URL.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeService, type FakeService } from "../support/fake-service.js";
import { runMain } from "../support/run-main.js";

const PATHWAY = { name: "P", nodes: [{ id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } }], edges: [] };

let service: FakeService;
let dir: string;
beforeEach(async () => {
  service = await startFakeService({ pathways: { "pw-1": PATHWAY } });
  dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-wrong-"));
  writeFileSync(path.join(dir, "p.json"), JSON.stringify({ ...PATHWAY, name: "Changed" }));
});
afterEach(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});
const run = (args: string[]) => runMain(args, { cwd: dir, env: { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey } });

describe("wrong answers", () => {
  for (const body of [{ status: "error", message: "Invalid pathway" }, { error: "Invalid pathway" }, { success: false, message: "Invalid pathway" }]) {
    it(`push fails (exit 2) when the save answers 200 with ${JSON.stringify(body)}`, async () => {
      service.addFault({ type: "body", body: JSON.stringify(body) }, "POST");
      const text = await run(["push", "p.json", "--id", "pw-1", "--force"]);
      expect(text.code).toBe(2);
      expect(text.stderr).toMatch(/refused the save: Invalid pathway/);
      expect(text.stdout).not.toMatch(/pushed/);
      service.addFault({ type: "body", body: JSON.stringify(body) }, "POST");
      const json = await run(["push", "p.json", "--id", "pw-1", "--force", "--format", "json"]);
      expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, pushed: false, error: { code: "remote", reason: "rejected" } });
    });
  }

  it("push still succeeds on a 200 that says success", async () => {
    const result = await run(["push", "p.json", "--id", "pw-1", "--force"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/pushed p.json/);
  });

  it("--base-url file:///etc/passwd names the scheme, not 'Base URL null'", async () => {
    const result = await run(["fetch", "pw-1", "-o", "-", "--no-manifest", "--base-url", "file:///etc/passwd"]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(/null/);
    expect(result.stderr).toMatch(/"file:\/\/\/etc\/passwd" uses file:, which is not supported: use https/);
  });
});
