// `pathway lint --baseline-write` in-process: what it records is adopted, so the run reports no problems and says what it wrote.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

// An unreachable node and a dead end: lint warnings and errors that a team adopting lint would baseline.
const PATHWAY = JSON.stringify({
  nodes: [
    { id: "a", type: "Default", data: { name: "Start", isStart: true, text: "Hi" } },
    { id: "b", type: "Default", data: { name: "Island", text: "Nobody gets here" } },
  ],
  edges: [],
});

describe("pathway lint --baseline-write", () => {
  it("records every finding, reports none of them, exits 0, and says how many it wrote", async () => {
    const dir = tempDir("pathwaykit-baseline-");
    writeFileSync(path.join(dir, "p.json"), PATHWAY);
    const before = await runMain(["lint", "p.json", "--format", "json"], { cwd: dir });
    const found = (JSON.parse(before.stdout) as { messages: unknown[] }[])[0]!.messages.length;
    expect(found).toBeGreaterThan(0);
    const w = await runMain(["lint", "p.json", "--baseline-write", "baseline.json"], { cwd: dir });
    expect(w.code).toBe(0);
    expect(w.stdout).toBe("✔ 1 file checked, no problems\n");
    expect(w.stderr).toBe(
      `pathway: wrote ${found} finding${found === 1 ? "" : "s"} to the baseline baseline.json; lint with --baseline baseline.json to report only new ones.\n`,
    );
    expect(JSON.parse(readFileSync(path.join(dir, "baseline.json"), "utf8")).findings).toHaveLength(found);
    const json = await runMain(["lint", "p.json", "--baseline-write", "baseline.json", "--format", "json"], { cwd: dir });
    expect((JSON.parse(json.stdout) as { messages: unknown[] }[])[0]!.messages).toEqual([]);
  });

  it("still exits 2 when a file cannot be read", async () => {
    const dir = tempDir("pathwaykit-baseline-");
    const r = await runMain(["lint", "missing.json", "--baseline-write", "baseline.json"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("missing.json: no such file or directory");
  });
});
