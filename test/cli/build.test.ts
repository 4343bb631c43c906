// `pathway build` with misbehaving modules: what a user's module does (exit, throw) never ends pathway silently (the executable for process.exit).
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { runMain } from "../support/run-main.js";
import { createTempProject } from "../support/temp-project.js";

function project(files: Record<string, string>): string {
  return createTempProject({ "package.json": '{"type": "module"}\n', ...files }, "pathwaykit-build-edges-");
}

describe("pathway build with misbehaving modules", () => {
  // The executable: process.exit is the real process's, so only a real process shows that pathway outlives it.
  it("a module that calls process.exit(0) while loading fails that entry (exit 2), and the others are still built", () => {
    const dir = project({
      "quits.pathway.ts": "process.exit(0);\nexport default { nodes: [] };\n",
      "fine.pathway.ts": 'export default { nodes: [{ id: "a", type: "Default", data: { name: "A", isStart: true, text: "Hi" } }], edges: [] };\n',
    });
    const r = runCli(["build", "quits.pathway.ts", "fine.pathway.ts"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("quits.pathway.ts: could not be loaded (the module called process.exit(0) while it was being loaded");
    expect(existsSync(path.join(dir, "fine.json"))).toBe(true);
  });

  it("a module that throws is the module's fault, never 'a bug in pathwaykit'", async () => {
    const dir = project({
      "throws.pathway.ts": 'throw new TypeError("no pathway today");\n',
      "getter.pathway.ts": 'export default { get nodes() { throw new Error("boom in a getter"); } };\n',
    });
    const r = await runMain(["build", "throws.pathway.ts", "getter.pathway.ts"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("throws.pathway.ts: could not be loaded (no pathway today); the error is in the module, not in pathwaykit");
    expect(r.stdout).toContain("getter.pathway.ts: threw while building its pathway (boom in a getter)");
    expect(r.stdout + r.stderr).not.toMatch(/bug in pathwaykit|internal error|\n\s+at /);
  });

  it("refuses a .json entry instead of writing x.json.json", async () => {
    const dir = project({ "x.json": '{"nodes": []}' });
    const r = await runMain(["build", "x.json"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("x.json: not a TypeScript or JavaScript module, so there is nothing to build; it is already pathway JSON");
    expect(existsSync(path.join(dir, "x.json.json"))).toBe(false);
  });
});
