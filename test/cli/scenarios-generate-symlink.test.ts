// Scenarios generated through a symlinked folder name their pathway from the folder they really are in, and run from either path.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const PATHWAY = {
  name: "Tiny",
  nodes: [
    { id: "start", type: "Default", data: { name: "Start", isStart: true, text: "Hello." } },
    { id: "bye", type: "End Call", data: { name: "Bye", text: "Bye." } },
  ],
  edges: [{ id: "e1", source: "start", target: "bye", data: { label: "done" } }],
};

describe("pathway scenarios generate -o through a symlinked folder", () => {
  it("writes pathway: relative to the real folder, and pathway test passes read through the link or the real folder", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "p.json"), JSON.stringify(PATHWAY));
    mkdirSync(path.join(dir, "tests/scenarios/tiny"), { recursive: true });
    symlinkSync(path.join("tests", "scenarios", "tiny"), path.join(dir, "link"), "dir");
    const gen = await runMain(["scenarios", "generate", "p.json", "-o", "link"], { cwd: dir });
    expect(gen.code).toBe(0);
    const text = readFileSync(path.join(dir, "tests/scenarios/tiny/p-1.scenario.yaml"), "utf8");
    // From tests/scenarios/tiny the pathway is three folders up; "../p.json" (from the link) names tests/scenarios/p.json.
    expect(text).toMatch(/^pathway: \.\.\/\.\.\/\.\.\/p\.json$/m);
    for (const folder of ["tests/scenarios/tiny", "link"]) {
      const run = await runMain(["test", folder, "--format", "json"], { cwd: dir });
      expect(run.code, `${folder}: ${run.stdout}`).toBe(0);
      expect((JSON.parse(run.stdout) as { summary: { passed: number } }).summary.passed).toBe(1);
    }
  });
});
