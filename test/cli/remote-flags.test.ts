// The remote flags (--base-url, --timeout, --retries, --max-response, --endpoint) work in every command that reads remote:<id>.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT, tempDir } from "../support/cli.js";
import { startFakeService, type FakeService } from "../support/fake-service.js";
import { runMain } from "../support/run-main.js";

const PATHWAY = JSON.parse(readFileSync(path.join(ROOT, "pathways/support-kb.json"), "utf8")) as unknown;

let service: FakeService;
let dir: string;
beforeEach(async () => {
  service = await startFakeService({ pathways: { "pw-kb": PATHWAY } });
  dir = tempDir("pathwaykit-remote-flags-");
});
afterEach(() => service.close());

describe("validate and lint of remote:<id>", () => {
  it.each(["validate", "lint"])("%s takes --base-url (and the other remote flags) like check-request, fetch and diff", async (command) => {
    // No PATHWAYKIT_BASE_URL: the flag alone must lead to the service.
    const result = await runMain([command, "remote:pw-kb", "--base-url", service.url, "--timeout", "5s", "--retries", "0", "--max-response", "1MB", "--endpoint", "pathway", "--format", "json"], {
      cwd: dir,
      env: { PATHWAYKIT_API_KEY: service.apiKey },
    });
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toMatchObject([{ filePath: "remote:pw-kb" }]);
    expect(service.requests.map((r) => r.path)).toEqual(["/v1/pathway/pw-kb"]);
  });
});
