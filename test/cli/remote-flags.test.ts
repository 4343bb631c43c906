// The remote flags (--base-url, --timeout, --retries, --max-response, --endpoint) work in every command that reads remote:<id>.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/cli.js";
import { runMain } from "../support/run-main.js";
import { useServiceProject } from "../support/temp-project.js";

const PATHWAY = JSON.parse(readFileSync(path.join(ROOT, "pathways/support-kb.json"), "utf8")) as unknown;

const project = useServiceProject({ pathways: { "pw-kb": PATHWAY } }, {}, "pathwaykit-remote-flags-");

describe("validate and lint of remote:<id>", () => {
  it.each(["validate", "lint"])("%s takes --base-url (and the other remote flags) like check-request, fetch and diff", async (command) => {
    // No PATHWAYKIT_BASE_URL: the flag alone must lead to the project.service.
    const result = await runMain(
      [
        command,
        "remote:pw-kb",
        "--base-url",
        project.service.url,
        "--timeout",
        "5s",
        "--retries",
        "0",
        "--max-response",
        "1MB",
        "--endpoint",
        "pathway",
        "--format",
        "json",
      ],
      {
        cwd: project.dir,
        env: { PATHWAYKIT_API_KEY: project.service.apiKey },
      },
    );
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toMatchObject([{ filePath: "remote:pw-kb" }]);
    expect(project.service.requests.map((r) => r.path)).toEqual(["/v1/pathway/pw-kb"]);
  });
});
