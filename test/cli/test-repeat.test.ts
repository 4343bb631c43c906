// `pathway test --repeat`: a bounded count (a usage error past the maximum) and memory that does not grow with the runs.
import { execSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_REPEAT } from "../../src/engine/scenarios/run-scenarios.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";

beforeAll(() => {
  if (!existsSync(path.join(ROOT, "dist/bundle/main.cjs"))) execSync("npm run build", { cwd: ROOT, stdio: "ignore" });
});

/** A pathway whose greeting renders a 50 KB prompt with a variable (a new string in every run's trace), and its scenario. */
function bigPromptProject(): string {
  const dir = tempDir();
  const prompt = `Hello {{who}} ${"x".repeat(50_000)}`;
  const pathway = {
    name: "big",
    nodes: [
      { id: "start", type: "Default", data: { name: "Start", isStart: true, prompt } },
      { id: "bye", type: "End Call", data: { name: "Bye", text: "Bye." } },
    ],
    edges: [{ id: "e1", source: "start", target: "bye", data: { label: "done" } }],
  };
  writeFileSync(path.join(dir, "big.json"), JSON.stringify(pathway));
  writeFileSync(
    path.join(dir, "big.scenario.yaml"),
    "name: big\npathway: big.json\nturns:\n  - user: done\n    take: done\n    vars: { who: Ada }\nexpect: { status: ended }\n",
  );
  return dir;
}

describe("pathway test --repeat", () => {
  // The executable, in a small heap: a count that is not refused fails fast there instead of filling the machine's memory.
  it.each(["99999999999", "30000000", String(MAX_REPEAT + 1), "0"])("refuses --repeat %s with a usage error that states the maximum", (count) => {
    const dir = bigPromptProject();
    const result = runCli(["test", "big.scenario.yaml", "--repeat", count], { cwd: dir, env: { NODE_OPTIONS: "--max-old-space-size=64" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Expected a whole number from 1 to ${MAX_REPEAT}.`);
    expect(result.stderr).not.toMatch(/internal error/);
  });

  it("runs 1,000 times in a 32 MB heap, where keeping every run's trace needs 50 MB", () => {
    const dir = bigPromptProject();
    const result = runCli(["test", "big.scenario.yaml", "--repeat", "1000", "--format", "json", "--coverage"], {
      cwd: dir,
      env: { NODE_OPTIONS: "--max-old-space-size=32" },
    });
    expect(result.stderr).not.toMatch(/heap out of memory/);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as {
      results: { runs: number; passed: number; paths: { count: number }[] }[];
      coverage: { edges: { percent: number } }[];
    };
    expect(report.results[0]).toMatchObject({ runs: 1000, passed: 1000, paths: [{ count: 1000 }] });
    expect(report.coverage[0]!.edges.percent).toBe(100);
  }, 60_000);
});
