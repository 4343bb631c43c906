// --color and --no-color decide a report's colour by one rule in every command: a file only with --color; stdout (or -o -) like a terminal.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const ANSI = "\u001b[";
let dir: string;
beforeAll(() => {
  dir = tempDir("pathwaykit-report-color-");
  const pathway = JSON.parse(readFileSync(path.join(ROOT, "pathways/support-kb.json"), "utf8")) as { name?: string };
  writeFileSync(path.join(dir, "a.json"), JSON.stringify(pathway));
  writeFileSync(path.join(dir, "b.json"), JSON.stringify({ ...pathway, name: `${pathway.name ?? ""} (edited)` }));
});

/** One invocation per kind of report that colours its text, with the exit code it ends with. */
const REPORTS: [string, string[], number][] = [
  ["diff", ["diff", "a.json", "b.json"], 1],
  ["analyze", ["analyze", "a.json"], 0],
  ["lint", ["lint", "a.json", "--rule", "unused-extracted-variable:error"], 1],
];

describe("report colour", () => {
  it.each(REPORTS)("%s: --color colours a report written with -o <file>; without it the file is plain", async (_name, args, code) => {
    const out = path.join(dir, `${args[0]}.txt`);
    expect((await runMain([...args, "--color", "-o", out], { cwd: dir })).code).toBe(code);
    expect(readFileSync(out, "utf8")).toContain(ANSI);
    expect((await runMain([...args, "-o", out], { cwd: dir, tty: { columns: 80 }, env: { FORCE_COLOR: "1" } })).code).toBe(code);
    expect(readFileSync(out, "utf8")).not.toContain(ANSI);
  });

  it.each(REPORTS)("%s: -o - is stdout, coloured on a terminal like no -o at all", async (_name, args) => {
    const tty = await runMain([...args, "-o", "-"], { cwd: dir, tty: { columns: 80 }, env: { NO_COLOR: "" } });
    expect(tty.stdout).toContain(ANSI);
    const plain = await runMain([...args, "-o", "-", "--no-color"], { cwd: dir, tty: { columns: 80 }, env: { NO_COLOR: "" } });
    expect(plain.stdout).not.toContain(ANSI);
  });
});

describe("messages on stderr", () => {
  it.each([
    ["fmt", ["fmt", "bad.json"]],
    ["import", ["import", "bad.json"]],
  ])("%s: coloured when stderr is a terminal, even with stdout piped (pathway import x.json > x.ts)", async (_name, args) => {
    writeFileSync(path.join(dir, "bad.json"), "{bad");
    const piped = await runMain(args, { cwd: dir, tty: { columns: 80, only: "stderr" }, env: { NO_COLOR: "" } });
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain(ANSI);
    const redirected = await runMain(args, { cwd: dir, tty: { columns: 80, only: "stdout" }, env: { NO_COLOR: "" } });
    expect(redirected.stderr).not.toContain(ANSI);
  });
});
