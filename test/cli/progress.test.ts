// createProgress: a bar on a terminal for more than a few items, silence everywhere else (pipes, CI, short runs); pathway test uses it.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { CliIo } from "../../src/cli/io.js";
import { createProgress } from "../../src/cli/progress.js";
import { ROOT } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

function fakeIo(isTTY: boolean, env: NodeJS.ProcessEnv = {}): { io: CliIo; written: () => string } {
  const stderr = Object.assign(new PassThrough(), { isTTY, columns: 100 });
  let text = "";
  stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const io = { stdin: new PassThrough(), stdout: new PassThrough(), stderr, env, cwd: process.cwd(), version: "0", setExitCode() {} } as unknown as CliIo;
  return { io, written: () => text };
}

describe("createProgress", () => {
  it("draws a bar with the count and the current item on a terminal", async () => {
    const { io, written } = fakeIo(true);
    const progress = await createProgress(io, { total: 5, label: "rendering svg" });
    for (let i = 0; i < 5; i++) progress.tick(`file-${i}.json`);
    progress.stop();
    await new Promise((resolve) => setImmediate(resolve));
    expect(written()).toMatch(/rendering svg \[.*\] \d\/5/);
    expect(written()).toContain("file-");
  });

  it("shows a file name's control characters escaped (a name cannot move the cursor or retitle the window)", async () => {
    const { io, written } = fakeIo(true);
    const progress = await createProgress(io, { total: 5 });
    for (let i = 0; i < 5; i++) progress.tick(`f${i}\u001b]0;owned\u0007.json`);
    progress.stop();
    await new Promise((resolve) => setImmediate(resolve));
    expect(written()).toContain("\\u001b]0;owned\\u0007");
    expect(written()).not.toContain("\u0007");
  });

  it("writes nothing when stderr is not a terminal, in CI, or for a few items", async () => {
    for (const [isTTY, env, total] of [
      [false, {}, 10],
      [true, { CI: "true" }, 10],
      [true, {}, 3],
    ] as const) {
      const { io, written } = fakeIo(isTTY, env);
      const progress = await createProgress(io, { total });
      progress.tick("x");
      progress.stop();
      expect(written()).toBe("");
    }
  });
});

describe("pathway test on a terminal", () => {
  it("shows a bar while the scenarios run, then clears it; piped, it writes nothing to stderr", async () => {
    const onTerminal = await runMain(["test", "pathways/scenarios"], { cwd: ROOT, tty: { columns: 100 } });
    expect(onTerminal.code).toBe(0);
    expect(onTerminal.stderr).toMatch(/running \[.*\] \d+\/\d+/);
    const piped = await runMain(["test", "pathways/scenarios"], { cwd: ROOT });
    expect(piped.stderr).toBe("");
  });
});
