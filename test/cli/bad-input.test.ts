// Adversarial inputs across commands: each case is a defect found by trying what a demanding user would, pinned here.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

let dir: string;
const run = (args: string[]) => runMain(args, { cwd: dir });

beforeAll(() => {
  dir = tempDir("pathwaykit-bad-input-");
  writeFileSync(path.join(dir, "call.request.json"), '{"phone_number": "+14155550123", "task": "Hi"}');
});

describe("an empty input argument", () => {
  // `pathway validate "$UNSET"` used to resolve "" to the working directory, glob `/**/*` and walk the whole disk.
  it.each([["check-request"], ["validate"], ["lint"]])("%s reports it and still checks the other inputs", async (command) => {
    const result = await run([command, "", "call.request.json", "-f", "json"]);
    expect(result.code).toBe(2);
    const files = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string; message: string }[] }[];
    const empty = files.find((f) => f.filePath === "");
    expect(empty?.messages[0]).toMatchObject({ ruleId: "unreadable-file" });
    expect(empty?.messages[0]?.message).toMatch(/empty path/);
    expect(files.some((f) => f.filePath === "call.request.json")).toBe(true);
  }, 20_000);
});
