// `pathway check-request` on a prompt that repeats one variable many times: one finding per field and variable, bounded output.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

describe("pathway check-request on variables repeated in a prompt", () => {
  it('reports "{{a}}" repeated 100,000 times in three fields once per field, in output of a few kilobytes', async () => {
    const dir = tempDir();
    const many = "{{a}}".repeat(100_000);
    writeFileSync(
      path.join(dir, "big.request.json"),
      JSON.stringify({ phone_number: "+14155550123", task: many, first_sentence: many, voicemail_message: many }),
    );
    const json = await runMain(["check-request", "big.request.json", "--format", "json"], { cwd: dir });
    expect(json.code).toBe(1);
    const [file] = JSON.parse(json.stdout) as { messages: { ruleId: string; pointer: string }[] }[];
    const found = file!.messages.filter((m) => m.ruleId === "unresolved-prompt-variable");
    expect(found.map((m) => m.pointer).sort()).toEqual(["/first_sentence", "/task", "/voicemail_message"]);
    const text = await runMain(["check-request", "big.request.json"], { cwd: dir });
    // Each finding prints a code frame of the one long line: three of them, not 300,000 (135 MB).
    expect(text.stdout.length).toBeLessThan(20_000);
  });

  it("lists 20 unsupplied variables of a field and counts the rest in one more finding", async () => {
    const dir = tempDir();
    const task = Array.from({ length: 5_000 }, (_, i) => `{{v${i}}}`).join(" ");
    writeFileSync(path.join(dir, "wide.request.json"), JSON.stringify({ phone_number: "+14155550123", task }));
    const result = await runMain(["check-request", "wide.request.json", "--format", "json"], { cwd: dir });
    const [file] = JSON.parse(result.stdout) as { messages: { ruleId: string; message: string }[] }[];
    const found = file!.messages.filter((m) => m.ruleId === "unresolved-prompt-variable");
    expect(found).toHaveLength(21);
    expect(found.map((m) => m.message)).toContainEqual(
      expect.stringMatching(/^4980 more \{\{variables\}\} in task are not supplied either \("v20", "v21", "v22", "v23", "v24", \.\.\.\)/),
    );
  });
});
