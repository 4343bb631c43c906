// action.yml as GitHub reads it: valid against the official action schema, inputs quoted safely, shell scripts that parse and pass shellcheck, and flags the real CLI knows.
import { readFileSync } from "node:fs";
import path from "node:path";
import { NoOperationTraceWriter } from "@actions/workflow-parser";
import { parseAction } from "@actions/workflow-parser/actions/action-parser";
import { describe, expect, test } from "vitest";
import { helpFlags, pathwayCommands, stepsOf } from "../support/action-commands.js";
import { ROOT } from "../support/cli.js";
import { readAction, type ActionStep } from "../support/composite-action.js";
import { checkShellScript } from "../support/shell-check.js";

const text = readFileSync(path.join(ROOT, "action.yml"), "utf8");
const action = readAction();
const scripts = action.runs.steps.filter((s): s is ActionStep & { run: string } => s.run !== undefined);

describe("action.yml", () => {
  test("is a composite action valid against GitHub's own action schema (@actions/workflow-parser)", () => {
    const parsed = parseAction({ name: "action.yml", content: text }, new NoOperationTraceWriter());
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    expect(action.runs.using).toBe("composite");
  });

  test("runs the pathwaykit of its own checkout (the tag a workflow names is the code it runs), never a registry copy", () => {
    expect(action.inputs.version).toBeUndefined();
    expect(scripts.find((s) => s.id === "install")!.run).toContain('cli="$GITHUB_ACTION_PATH"');
    expect(text).not.toMatch(/npm (install|i|add|exec)\b[^\n]*pathwaykit/);
    expect(text).not.toMatch(/npx[^\n]*pathwaykit/);
  });

  test("puts no ${{ }} inside a script: inputs and event fields reach the shell as environment variables only", () => {
    for (const step of scripts) expect(step.run, step.name).not.toContain("${{");
    // The event's text fields (titles, branch names) are the ones an attacker writes; none is read at all.
    expect(text).not.toMatch(/github\.event\.pull_request\.(title|body|head\.ref)|github\.head_ref/);
  });

  test("declares every input it reads and reads every input it declares", () => {
    const used = new Set([...text.matchAll(/inputs\.([a-z][a-z-]*)/g)].map((m) => m[1]!));
    expect([...used].filter((name) => !(name in action.inputs)).sort()).toEqual([]);
    expect(
      Object.keys(action.inputs)
        .filter((name) => !used.has(name))
        .sort(),
    ).toEqual([]);
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
    for (const step of scripts) expect(checkShellScript(step.run), step.name).toBe("");
  });

  test("check mode passes only flags the real pathway commands take", () => {
    const commands = stepsOf(action, "check").flatMap((s) => pathwayCommands(s.run));
    expect(commands.map((c) => c.command).sort()).toEqual(["diff", "diff", "diff", "lint", "lint", "lint", "report", "test", "test", "validate"]);
    for (const { command, flags } of commands) {
      const known = helpFlags(command);
      expect(
        flags.filter((f) => !known.has(f)),
        `pathway ${command}`,
      ).toEqual([]);
    }
  }, 60_000);
});
