// `lint --watch` and `test --watch` as a user runs them: real files saved while a real `pathway` process watches.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, ROOT, runCli, tempDir } from "../support/cli.js";
import { startWatch, type WatchProcess } from "../support/watch-process.js";

const PATHWAY = readFileSync(path.join(ROOT, "pathways/appointment-booking.json"), "utf8");
/** The same pathway with an edge to a node that does not exist (unknown-edge-endpoint, an error). */
const BROKEN = PATHWAY.replace('"target": "collect-details"', '"target": "nowhere"');

const running: WatchProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
});

function watch(args: readonly string[], cwd: string): WatchProcess {
  const w = startWatch(args, cwd);
  running.push(w);
  return w;
}

const ready = (w: WatchProcess) => w.waitFor((_out, err) => err.includes("pathway: watching"));
const runs = (text: string) => text.split(/\n(?= (?:RUN|RERUN) )/).filter((r) => /^\s*(RUN|RERUN)/.test(r));

describe("pathway lint --watch", () => {
  it("re-lints only the saved file, under a header naming it, and exits 0 on Ctrl-C", async () => {
    expect(BROKEN).not.toBe(PATHWAY);
    const dir = tempDir();
    writeFileSync(path.join(dir, "a.json"), PATHWAY);
    writeFileSync(path.join(dir, "b.json"), PATHWAY);
    const w = watch(["lint", ".", "--watch"], dir);
    await ready(w);
    expect(w.stdout()).toContain("2 files checked");
    writeFileSync(path.join(dir, "b.json"), BROKEN);
    await w.waitFor((out) => out.includes("RERUN"));
    await w.waitFor((out) => /RERUN[\s\S]*problem/.test(out));
    const rerun = runs(w.stdout()).at(-1)!;
    expect(rerun).toContain("b.json");
    expect(rerun).toContain("unknown-edge-endpoint");
    expect(rerun).not.toContain("a.json");
    // Not a terminal: nothing clears the screen.
    expect(w.stdout()).not.toContain("\x1b[2J");
    expect(await w.stop()).toBe(0);
  }, 120_000);

  it("prints one JSON document per run, one line each, with --format json", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "a.json"), PATHWAY);
    writeFileSync(path.join(dir, "b.json"), PATHWAY);
    const w = watch(["lint", ".", "--watch", "--format", "json"], dir);
    await ready(w);
    await w.waitFor((out) => out.split("\n").length >= 2);
    writeFileSync(path.join(dir, "a.json"), BROKEN);
    await w.waitFor((out) => out.trim().split("\n").length >= 2);
    const lines = w
      .stdout()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { filePath: string; errorCount: number }[]);
    expect(lines[0]!.map((r) => r.filePath).sort()).toEqual(["a.json", "b.json"]);
    expect(lines[1]!.map((r) => [r.filePath, r.errorCount])).toEqual([["a.json", 1]]);
    expect(await w.stop()).toBe(0);
  }, 120_000);

  it("re-lints the pathways a saved pathway.config.json covers, and not the others", async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, "team"));
    writeFileSync(path.join(dir, "top.json"), PATHWAY);
    writeFileSync(path.join(dir, "team", "one.json"), PATHWAY);
    writeFileSync(path.join(dir, "team", "pathway.config.json"), JSON.stringify({ rules: {} }));
    const w = watch(["lint", "--watch", "--format", "json"], dir);
    await ready(w);
    await w.waitFor((out) => out.includes("\n"));
    writeFileSync(path.join(dir, "team", "pathway.config.json"), JSON.stringify({ ignore: [] }));
    await w.waitFor((out) => out.trim().split("\n").length >= 2);
    const second = JSON.parse(w.stdout().trim().split("\n")[1]!) as { filePath: string }[];
    expect(second.map((r) => r.filePath)).toEqual(["team/one.json"]);
    expect(await w.stop()).toBe(0);
  }, 120_000);

  // A terminal is needed to see the clear and to press Ctrl-C for real: util-linux's `script` gives one.
  const hasScript = spawnSync("script", ["--version"]).status === 0;
  it.skipIf(!hasScript)(
    "on a terminal, clears the screen before each run, and Ctrl-C (a real ^C on the terminal) exits 0",
    async () => {
      const dir = tempDir();
      writeFileSync(path.join(dir, "a.json"), PATHWAY);
      const child = spawn("script", ["-q", "-e", "-c", `exec "${process.execPath}" "${BIN}" lint . --watch`, "/dev/null"], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", TERM: "xterm" },
      });
      let out = "";
      let step = 0;
      const code = await new Promise<number | null>((resolve) => {
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString("utf8");
          // Once each: a second ^C would end the process as an interrupt (exit 130), as in any program.
          if (step === 1 && out.includes("RERUN") && out.includes("Waiting for file changes", out.indexOf("RERUN"))) {
            step = 2;
            child.stdin.write("\x03");
          } else if (step === 0 && out.includes("Ctrl-C to stop")) {
            step = 1;
            writeFileSync(path.join(dir, "a.json"), BROKEN);
          }
        });
        child.on("exit", resolve);
      });
      expect(out.split("\x1b[2J\x1b[3J\x1b[H").length).toBe(3);
      expect(out).toMatch(/RERUN +a\.json/);
      expect(code).toBe(0);
    },
    120_000,
  );

  it("refuses stdin and --baseline-write with --watch (exit 2), before watching anything", () => {
    const stdin = runCli(["lint", "-", "--watch"], { input: PATHWAY });
    expect(stdin.code).toBe(2);
    expect(stdin.stderr).toContain("stdin cannot be watched");
    const baseline = runCli(["lint", "pathways/", "--watch", "--baseline-write", "b.json"]);
    expect(baseline.code).toBe(2);
    expect(baseline.stderr).toContain("--baseline-write");
  });
});

describe("pathway test --watch", () => {
  it("re-runs only the scenarios of a saved pathway, then those of a saved scenario", async () => {
    const dir = tempDir();
    cpSync(path.join(ROOT, "pathways"), path.join(dir, "pathways"), { recursive: true });
    const w = watch(["test", "pathways/scenarios", "--watch", "--format", "json"], dir);
    await ready(w);
    await w.waitFor((out) => out.includes("\n"));
    type Report = { results: { file: string; pathway: string }[] };
    const first = JSON.parse(w.stdout().split("\n")[0]!) as Report;
    expect(new Set(first.results.map((r) => r.pathway)).size).toBe(3);
    const lead = path.join(dir, "pathways/lead-qualification.json");
    writeFileSync(lead, `${readFileSync(lead, "utf8")}\n`);
    await w.waitFor((out) => out.trim().split("\n").length >= 2);
    const second = JSON.parse(w.stdout().trim().split("\n")[1]!) as Report;
    expect(second.results.length).toBe(3);
    expect(new Set(second.results.map((r) => r.pathway))).toEqual(new Set(["pathways/lead-qualification.json"]));
    const scenario = path.join(dir, "pathways/scenarios/support-kb/opens-a-ticket.scenario.yaml");
    writeFileSync(scenario, `${readFileSync(scenario, "utf8")}\n`);
    await w.waitFor((out) => out.trim().split("\n").length >= 3);
    const third = JSON.parse(w.stdout().trim().split("\n")[2]!) as Report;
    expect(third.results.map((r) => r.file)).toEqual(["pathways/scenarios/support-kb/opens-a-ticket.scenario.yaml"]);
    expect(await w.stop()).toBe(0);
  }, 120_000);

  it("refuses --live with --watch (exit 2): a save must not start paid calls", () => {
    const result = runCli(["test", "pathways/scenarios", "--watch", "--live"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--live");
  });
});
