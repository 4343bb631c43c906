// action.yml as GitHub reads it: valid against the official action schema, inputs quoted safely, shell scripts that parse and pass shellcheck, and flags the real CLI knows.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { NoOperationTraceWriter } from "@actions/workflow-parser";
import { parseAction } from "@actions/workflow-parser/actions/action-parser";
import { describe, expect, test } from "vitest";
import { helpFlags, pathwayCommands, stepsOf } from "../support/action-commands.js";
import { ROOT, tempDir } from "../support/cli.js";
import { readAction, type ActionStep } from "../support/composite-action.js";

const text = readFileSync(path.join(ROOT, "action.yml"), "utf8");
const action = readAction();
const scripts = action.runs.steps.filter((s): s is ActionStep & { run: string } => s.run !== undefined);
const version = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

/** Whether Debian's shellcheck is on the PATH. */
const shellcheck = spawnSync("shellcheck", ["--version"]).status === 0;
if (!shellcheck) {
  if (process.env["PATHWAYKIT_REQUIRE_SHELLCHECK"]) throw new Error("shellcheck is required (PATHWAYKIT_REQUIRE_SHELLCHECK) but not installed: apt-get install shellcheck.");
  console.log("\nshellcheck not found: the action.yml scripts are checked with bash -n only (apt-get install shellcheck to lint them).\n");
}

describe("action.yml", () => {
  test("is a composite action valid against GitHub's own action schema (@actions/workflow-parser)", () => {
    const parsed = parseAction({ name: "action.yml", content: text }, new NoOperationTraceWriter());
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    expect(action.runs.using).toBe("composite");
  });

  test("runs the package version this repository is (the tag a workflow names is the package it gets)", () => {
    expect(action.inputs.version!.default).toBe(version);
  });

  test("puts no ${{ }} inside a script: inputs and event fields reach the shell as environment variables only", () => {
    for (const step of scripts) expect(step.run, step.name).not.toContain("${{");
    // The event's text fields (titles, branch names) are the ones an attacker writes; none is read at all.
    expect(text).not.toMatch(/github\.event\.pull_request\.(title|body|head\.ref)|github\.head_ref/);
  });

  test("declares every input it reads and reads every input it declares", () => {
    const used = new Set([...text.matchAll(/inputs\.([a-z][a-z-]*)/g)].map((m) => m[1]!));
    expect([...used].filter((name) => !(name in action.inputs)).sort()).toEqual([]);
    expect(Object.keys(action.inputs).filter((name) => !used.has(name)).sort()).toEqual([]);
  });

  test("hands the api key only to the steps that talk to the service", () => {
    const withKey = scripts.filter((s) => s.env?.PATHWAYKIT_API_KEY !== undefined).map((s) => s.id);
    expect(withKey).toEqual(["diff", "select", "push", "live", "publish"]);
    for (const step of scripts) expect(step.run).not.toMatch(/echo[^\n]*PATHWAYKIT_API_KEY|set -x/);
  });

  test("runs every script in bash, and pins every other action to a major version", () => {
    for (const step of scripts) expect(step.shell, step.name).toBe("bash");
    for (const step of action.runs.steps.filter((s) => s.uses)) expect(step.uses).toMatch(/^[a-z-]+\/[a-z-]+(\/[a-z-]+)?@v\d+$/);
  });

  test("has scripts that bash parses (bash -n) and shellcheck passes", () => {
    const dir = tempDir("pathwaykit-action-sh-");
    for (const [i, step] of scripts.entries()) {
      const file = path.join(dir, `${i}-${step.id}.sh`);
      writeFileSync(file, step.run);
      const parsed = spawnSync("bash", ["-n", file], { encoding: "utf8" });
      expect(parsed.stderr, step.name).toBe("");
      expect(parsed.status, step.name).toBe(0);
      if (!shellcheck) continue;
      const checked = spawnSync("shellcheck", ["--shell=bash", "--severity=style", file], { encoding: "utf8" });
      expect(checked.stdout, step.name).toBe("");
      expect(checked.status, step.name).toBe(0);
    }
  });

  test("check mode passes only flags the real pathway commands take", () => {
    const commands = stepsOf(action, "check").flatMap((s) => pathwayCommands(s.run));
    expect(commands.map((c) => c.command).sort()).toEqual(["diff", "diff", "diff", "lint", "lint", "lint", "report", "test", "test", "validate"]);
    for (const { command, flags } of commands) {
      const known = helpFlags(command);
      expect(flags.filter((f) => !known.has(f)), `pathway ${command}`).toEqual([]);
    }
  }, 60_000);
});
