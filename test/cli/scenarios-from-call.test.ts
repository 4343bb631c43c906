// `pathway scenarios from-call`: scenarios from the pathway-call fixtures pass `pathway test` on two corpus pathways, masked.
import { copyFileSync, cpSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR, corpusPath, describeCorpus } from "../support/corpus.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";

/** A project holding the two corpus pathways and the call fixtures. */
function project(): string {
  const dir = tempDir();
  for (const name of ["pathwalk-pizzeria-dialect.json", "receptionist-auto-shop.json"]) copyFileSync(corpusPath(name), path.join(dir, name));
  cpSync(path.join(ROOT, "test/fixtures/calls"), path.join(dir, "calls"), { recursive: true });
  return dir;
}

describeCorpus("pathway scenarios from-call", () => {
  it.each([
    ["pizzeria", "pathwalk-pizzeria-dialect.json", 3],
    ["auto-shop", "receptionist-auto-shop.json", 3],
  ])("writes scenarios from the %s calls that pass pathway test", (folder, pathway, count) => {
    const dir = project();
    const made = runCli(["scenarios", "from-call", `calls/${folder}`, "--pathway", pathway, "-o", "scenarios", "--format", "json"], { cwd: dir });
    expect(made.code, made.stderr).toBe(0);
    const result = JSON.parse(made.stdout) as { files: { file: string; gaps: string[] }[]; skipped: unknown[] };
    expect(result.files.length).toBe(count);
    expect(result.files.flatMap((f) => f.gaps)).toEqual([]);
    const tested = runCli(["test", "scenarios"], { cwd: dir });
    expect(tested.stdout).toMatch(new RegExp(`✔ ${count} passed, 0 failed`));
    expect(tested.code).toBe(0);
  });

  it("follows the recorded path, with the caller's words and the call's variables, and masks the phone number said", () => {
    const dir = project();
    expect(runCli(["scenarios", "from-call", "calls/auto-shop/booked.json", "--pathway", "receptionist-auto-shop.json", "-o", "scenarios"], { cwd: dir }).code).toBe(0);
    const [file] = readdirSync(path.join(dir, "scenarios"));
    const text = readFileSync(path.join(dir, "scenarios", file!), "utf8");
    expect(text).toContain("pathway: ../receptionist-auto-shop.json");
    expect(text).toContain("user: Sam Lee, 2016 Honda Civic, call me on [masked].");
    expect(text).toContain("caller_name: Sam Lee");
    expect(text).not.toMatch(/555.?010/);
    expect(text).toMatch(/take: d4000000-0000-4000-8000-000000000004\n/);
  });

  it("skips a task call and says why (exit 1), and keeps the number with --no-mask", () => {
    const dir = project();
    copyFileSync(path.join(CORPUS_DIR, "../calls/get-call.task-call.json"), path.join(dir, "calls/task.json"));
    const run = runCli(["scenarios", "from-call", "calls/task.json", "calls/auto-shop/booked.json", "--pathway", "receptionist-auto-shop.json", "-o", "scenarios", "--no-mask"], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/skipped d9cce3f3-23cf-4fa7-b62c-8be8119b8715: a task call: no pathway and no pathway log/);
    expect(readFileSync(path.join(dir, "scenarios", readdirSync(path.join(dir, "scenarios"))[0]!), "utf8")).toContain("555 010 0199");
  });
});
