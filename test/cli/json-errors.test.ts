// `--format json` on a fatal error: every command that offers json prints one {"ok": false, "error": {...}} document.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Command } from "commander";
import { beforeAll, describe, expect, it } from "vitest";
import { commands } from "../../src/cli/commands/index.js";
import type { CliIo } from "../../src/cli/io.js";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

let dir: string;
const NO_KEY = { PATHWAYKIT_API_KEY: "" };

beforeAll(() => {
  dir = tempDir("pathwaykit-json-errors-");
  writeFileSync(path.join(dir, "p.json"), JSON.stringify({ nodes: [{ id: "a", type: "Default", data: { name: "A", text: "hi", isStart: true } }], edges: [] }));
});

/** One invocation per command that fails before any report is made, and the error code it must carry. */
const FAILING: Record<string, { args: string[]; code: string }> = {
  validate: { args: ["validate", "p.json", "--rule", "bogus:off"], code: "usage" },
  build: { args: ["build"], code: "usage" },
  fmt: { args: ["fmt"], code: "usage" },
  lint: { args: ["lint", "p.json", "-c", "no-such-config.json"], code: "config" },
  analyze: { args: ["analyze", "missing.json"], code: "io" },
  diagram: { args: ["diagram"], code: "usage" },
  test: { args: ["test", "--min-coverage", "bogus"], code: "usage" },
  scenarios: { args: ["scenarios", "generate", "missing.json", "-o", "out"], code: "io" },
  fetch: { args: ["fetch", "a", "b", "-o", "x.json"], code: "usage" },
  diff: { args: ["diff", "p.json"], code: "usage" },
  push: { args: ["push", "p.json"], code: "usage" },
  publish: { args: ["publish", "remote:abc", "--pathway-version", "1"], code: "config" },
  rollback: { args: ["rollback", "remote:abc", "--to", "1"], code: "config" },
  versions: { args: ["versions", "abc"], code: "config" },
  log: { args: ["log", "abc"], code: "config" },
  "check-request": { args: ["check-request", "x.json", "--rule", "bogus:off"], code: "usage" },
  report: { args: ["report", "missing.json"], code: "io" },
  calls: { args: ["calls", "stats", "x", "--pathway", "missing.json"], code: "io" },
  replay: { args: ["replay", "x", "--pathway", "missing.json"], code: "io" },
};

/** The commands (and subcommands) whose -f/--format offers json, read from their own definitions. */
async function commandsWithJson(): Promise<string[]> {
  const names: string[] = [];
  for (const entry of commands) {
    const scratch = new Command("pathway");
    (await entry.load()).register(scratch, {} as CliIo);
    const command = scratch.commands.find((c) => c.name() === entry.name)!;
    for (const c of [command, ...command.commands]) {
      if (c.options.some((o) => o.long === "--format" && (o.argChoices ?? []).includes("json"))) names.push(entry.name);
    }
  }
  return names;
}

describe("a fatal error under --format json", () => {
  it("has a failing invocation in this table for every command that offers json", async () => {
    expect(Object.keys(FAILING).sort()).toEqual([...new Set(await commandsWithJson())].sort());
  });

  it.each(Object.entries(FAILING))(
    "%s prints one error document on stdout, the message on stderr, exit 2",
    async (_name, { args, code }) => {
      const result = await runMain([...args, "-f", "json"], { cwd: dir, env: NO_KEY });
      expect(result.code).toBe(2);
      const document = JSON.parse(result.stdout) as { ok: boolean; error: { code: string; message: string } };
      expect(document).toMatchObject({ ok: false, error: { code, message: expect.any(String) as unknown } });
      // The same words as the human message on stderr (commander's usage errors say "error: ..." there).
      expect(result.stderr).toContain(document.error.message.slice(0, 40));
      // Without --format json the same failure leaves stdout empty, as before.
      const text = await runMain(args, { cwd: dir, env: NO_KEY });
      expect(text).toMatchObject({ code: 2, stdout: "" });
    },
    30_000,
  );

  it("reads -f json given after the option whose bad value stopped parsing", async () => {
    const result = await runMain(["diff", "a.json", "b.json", "--context", "abc", "-f", "json"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      error: { code: "usage", message: expect.stringContaining("'--context <n>' argument 'abc' is invalid") as unknown },
    });
  });

  it("goes to the -o report file instead of stdout, replacing a stale report", async () => {
    writeFileSync(path.join(dir, "lint.json"), "[]\n");
    const result = await runMain(["lint", "p.json", "-c", "no-such-config.json", "-f", "json", "-o", "lint.json"], { cwd: dir });
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(JSON.parse(readFileSync(path.join(dir, "lint.json"), "utf8"))).toMatchObject({ ok: false, error: { code: "config" } });
    // ...also for a usage error found while reading the arguments (before the command started).
    const usage = await runMain(["versions", "abc", "--retries", "x", "-f", "json", "-o", "versions.json"], { cwd: dir });
    expect(usage).toMatchObject({ code: 2, stdout: "" });
    expect(JSON.parse(readFileSync(path.join(dir, "versions.json"), "utf8"))).toMatchObject({ ok: false, error: { code: "usage" } });
  });

  it("falls back to stdout when the -o file cannot be written", async () => {
    const result = await runMain(["analyze", "missing.json", "-f", "json", "-o", "no-such-dir/x/../../p.json/report.json"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, error: { code: "io" } });
  });

  it("never shows the API key", async () => {
    const key = "sk-json-error-test-0123456789abcdef";
    const result = await runMain(["analyze", `${key}.json`, "-f", "json"], { cwd: dir, env: { PATHWAYKIT_API_KEY: key } });
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).not.toContain(key);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, error: { code: "io", message: expect.stringContaining("[redacted]") as unknown } });
  });

  it("is not printed for --help, nor where a report was made (findings are a report, not an error)", async () => {
    expect(await runMain(["lint", "--help", "-f", "json"], { cwd: dir })).toMatchObject({ code: 0 });
    expect((await runMain(["lint", "--help", "-f", "json"], { cwd: dir })).stdout).not.toContain('"ok"');
    const missing = await runMain(["validate", "missing.json", "-f", "json"], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout)).toMatchObject([{ filePath: "missing.json", messages: [{ ruleId: "unreadable-file" }] }]);
  });
});
