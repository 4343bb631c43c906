// `pathway scenarios from-call`: scenarios from the pathway-call fixtures pass `pathway test` on two corpus pathways, masked.
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
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
    expect(
      runCli(["scenarios", "from-call", "calls/auto-shop/booked.json", "--pathway", "receptionist-auto-shop.json", "-o", "scenarios"], { cwd: dir }).code,
    ).toBe(0);
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
    const run = runCli(
      ["scenarios", "from-call", "calls/task.json", "calls/auto-shop/booked.json", "--pathway", "receptionist-auto-shop.json", "-o", "scenarios", "--no-mask"],
      { cwd: dir },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/skipped d9cce3f3-23cf-4fa7-b62c-8be8119b8715: a task call: no pathway and no pathway log/);
    expect(readFileSync(path.join(dir, "scenarios", readdirSync(path.join(dir, "scenarios"))[0]!), "utf8")).toContain("555 010 0199");
  });

  /** The booked auto-shop call written again under each of `ids`, one file per id. */
  function lookalikes(dir: string, ids: string[]): string[] {
    const booked = JSON.parse(readFileSync(path.join(dir, "calls/auto-shop/booked.json"), "utf8")) as Record<string, unknown>;
    mkdirSync(path.join(dir, "same"));
    return ids.map((id, i) => {
      const file = `same/${i}.json`;
      writeFileSync(path.join(dir, file), JSON.stringify({ ...booked, call_id: id, c_id: id }));
      return file;
    });
  }

  it("gives calls a/b, a_b, a.b and a:b a scenario file each, named as calls fetch names their records", () => {
    const dir = project();
    const run = runCli(
      ["scenarios", "from-call", ...lookalikes(dir, ["a/b", "a_b", "a.b", "a:b"]), "--pathway", "receptionist-auto-shop.json", "-o", "scenarios"],
      { cwd: dir },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(readdirSync(path.join(dir, "scenarios")).sort()).toEqual([
      "call-a%2Fb.scenario.yaml",
      "call-a%3Ab.scenario.yaml",
      "call-a.b.scenario.yaml",
      "call-a_b.scenario.yaml",
    ]);
    expect(readFileSync(path.join(dir, "scenarios/call-a_b.scenario.yaml"), "utf8")).toMatch(/^name: call a_b$/m);
    expect(readFileSync(path.join(dir, "scenarios/call-a%2Fb.scenario.yaml"), "utf8")).toMatch(/^name: call a\/b$/m);
  });

  it("never writes over another call's scenario, --force or not, and says which file to rename; --force still replaces the call's own", () => {
    const dir = project();
    const inputs = lookalikes(dir, ["a/b", "a_b"]);
    // What an older version wrote for call a/b: call-a_b.scenario.yaml.
    expect(runCli(["scenarios", "from-call", inputs[0]!, "--pathway", "receptionist-auto-shop.json", "-o", "scenarios"], { cwd: dir }).code).toBe(0);
    const scenarios = path.join(dir, "scenarios");
    const old = readFileSync(path.join(scenarios, "call-a%2Fb.scenario.yaml"), "utf8");
    writeFileSync(path.join(scenarios, "call-a_b.scenario.yaml"), old);
    const run = runCli(["scenarios", "from-call", ...inputs, "--pathway", "receptionist-auto-shop.json", "-o", "scenarios", "--force"], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^wrote scenarios\/call-a%2Fb\.scenario\.yaml$/m);
    expect(run.stdout).toMatch(
      /^skipped a_b: scenarios\/call-a_b\.scenario\.yaml holds the scenario of call a\/b, not the scenario of call a_b: nothing was written over it\. .*rename the file to call-a%2Fb\.scenario\.yaml/m,
    );
    expect(readFileSync(path.join(scenarios, "call-a_b.scenario.yaml"), "utf8")).toBe(old);
    const again = runCli(["scenarios", "from-call", inputs[0]!, "--pathway", "receptionist-auto-shop.json", "-o", "scenarios"], { cwd: dir });
    expect(again.stdout).toMatch(/^skipped a\/b: scenarios\/call-a%2Fb\.scenario\.yaml exists \(--force overwrites it\)$/m);
  });

  it("writes at most --max-files files and says how many calls it left out (exit 1)", () => {
    const dir = project();
    const run = runCli(
      ["scenarios", "from-call", ...lookalikes(dir, ["c1", "c2", "c3"]), "--pathway", "receptionist-auto-shop.json", "-o", "scenarios", "--max-files", "1"],
      { cwd: dir },
    );
    expect(run.code).toBe(1);
    expect(readdirSync(path.join(dir, "scenarios"))).toEqual(["call-c1.scenario.yaml"]);
    expect(run.stdout).toMatch(/^left out 2 calls past --max-files 1: raise it, or pass fewer calls$/m);
    const json = runCli(["scenarios", "from-call", "same", "--pathway", "receptionist-auto-shop.json", "-o", "more", "--max-files", "2", "--format", "json"], {
      cwd: dir,
    });
    expect(JSON.parse(json.stdout)).toMatchObject({ leftOut: 1, files: [{}, {}] });
  });
});
