// Answers that used to read as success or as nonsense: a save refused with 200, a file: base URL, a byte-order mark.
import { describe, expect, it } from "vitest";
import { useServiceProject } from "../support/temp-project.js";

const PATHWAY = { name: "P", nodes: [{ id: "1", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } }], edges: [] };

const project = useServiceProject({ pathways: { "pw-1": PATHWAY } }, { "p.json": JSON.stringify({ ...PATHWAY, name: "Changed" }) }, "pathwaykit-wrong-");
const run = (args: string[]) => project.run(args);

describe("wrong answers", () => {
  for (const body of [{ status: "error", message: "Invalid pathway" }, { error: "Invalid pathway" }, { success: false, message: "Invalid pathway" }]) {
    it(`push fails (exit 2) when the save answers 200 with ${JSON.stringify(body)}`, async () => {
      project.service.addFault({ type: "body", body: JSON.stringify(body) }, "POST");
      const text = await run(["push", "p.json", "--id", "pw-1", "--force"]);
      expect(text.code).toBe(2);
      expect(text.stderr).toMatch(/refused the save: Invalid pathway/);
      expect(text.stdout).not.toMatch(/pushed/);
      project.service.addFault({ type: "body", body: JSON.stringify(body) }, "POST");
      const json = await run(["push", "p.json", "--id", "pw-1", "--force", "--format", "json"]);
      expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, pushed: false, error: { code: "remote", reason: "rejected" } });
    });
  }

  it("push still succeeds on a 200 that says success", async () => {
    const result = await run(["push", "p.json", "--id", "pw-1", "--force"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/pushed p.json/);
  });

  it("an answer that starts with a byte-order mark is read once, not called cut short and retried", async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ ...PATHWAY, name: "With BOM" }))]);
    project.service.addFault({ type: "raw", headers: { "content-type": "application/json", "content-length": String(body.length) }, body }, "GET");
    const result = await run(["fetch", "pw-1", "-o", "-", "--no-manifest"]);
    expect(result.stderr).not.toMatch(/cut short/);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: "With BOM" });
    expect(project.service.requests.filter((r) => r.method === "GET")).toHaveLength(1);
  });

  it("--base-url file:///etc/passwd names the scheme, not 'Base URL null'", async () => {
    const result = await run(["fetch", "pw-1", "-o", "-", "--no-manifest", "--base-url", "file:///etc/passwd"]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(/null/);
    expect(result.stderr).toMatch(/"file:\/\/\/etc\/passwd" uses file:, which is not supported: use https/);
  });
});
