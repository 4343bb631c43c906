// `pathway completion`: the bash script is valid bash and completes commands, each command's own options and their values.
import { spawnSync } from "node:child_process";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { commands } from "../../src/cli/commands/index.js";
import type { CliIo } from "../../src/cli/io.js";
import { runMain } from "../support/run-main.js";

/** What bash's completion offers for `words` (the last one is being typed), with the script loaded. */
function complete(script: string, words: string[]): string[] {
  const program = `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _pathway; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync("bash", ["-c", program], { encoding: "utf8" });
  expect(r.stderr).toBe("");
  return r.stdout.split("\n").filter((l) => l !== "");
}

describe("pathway completion", () => {
  it("bash: completes command names and the options of the command being typed", async () => {
    const r = await runMain(["completion", "bash"], { cwd: process.cwd() });
    expect(r.code).toBe(0);
    expect(spawnSync("bash", ["-n"], { input: r.stdout }).status).toBe(0);
    expect(complete(r.stdout, ["pathway", "val"])).toEqual(["validate"]);
    expect(complete(r.stdout, ["pathway", "lint", "--basel"])).toEqual(["--baseline", "--baseline-write"]);
    expect(complete(r.stdout, ["pathway", "validate", "--basel"])).toEqual([]);
  });

  it("bash: completes the values of every enumerated option, read from the commands' own definitions", async () => {
    const script = (await runMain(["completion", "bash"], { cwd: process.cwd() })).stdout;
    // One line per option with choices in any command: what bash offers after it is exactly those choices.
    const cases: [string, string, readonly string[]][] = [];
    for (const entry of commands) {
      const scratch = new Command("pathway");
      (await entry.load()).register(scratch, {} as CliIo);
      const command = scratch.commands.find((c) => c.name() === entry.name)!;
      for (const option of [command, ...command.commands].flatMap((c) => c.options))
        if (option.argChoices) cases.push([entry.name, option.long!, option.argChoices]);
    }
    expect(cases.map(([name, flag]) => `${name} ${flag}`)).toEqual(
      expect.arrayContaining(["validate --format", "diff --format", "check-request --kind", "diagram --engine", "report --engine"]),
    );
    for (const [name, flag, choices] of cases) expect(complete(script, ["pathway", name, flag, ""]), `${name} ${flag}`).toEqual(choices);
  }, 30_000);

  it("bash: completes a partial value, -f and --format=, rule ids for --rule, and enumerated arguments", async () => {
    const script = (await runMain(["completion", "bash"], { cwd: process.cwd() })).stdout;
    expect(complete(script, ["pathway", "diff", "-f", "m"])).toEqual(["mermaid", "md"]);
    expect(complete(script, ["pathway", "test", "--format", "j"])).toEqual(["json", "junit"]);
    // bash splits `--format=js` into "--format", "=", "js" (COMP_WORDBREAKS).
    expect(complete(script, ["pathway", "lint", "--format", "=", "s"])).toEqual(["sarif", "stylish"]);
    expect(complete(script, ["pathway", "lint", "--format", "="])).toEqual(["text", "json", "sarif", "github", "stylish"]);
    expect(complete(script, ["pathway", "lint", "--rule", "dead"])).toEqual(["dead-end"]);
    expect(complete(script, ["pathway", "validate", "--rule", "dead"])).toEqual([]);
    expect(complete(script, ["pathway", "check-request", "--rule", "phone-number-n"])).toEqual(["phone-number-not-e164"]);
    expect(complete(script, ["pathway", "check-request", "--kind", "b"])).toEqual(["batch", "batch-v2"]);
    expect(complete(script, ["pathway", "completion", "z"])).toEqual(["zsh"]);
    expect(complete(script, ["pathway", "scenarios", "g"])).toEqual(["generate"]);
    expect(complete(script, ["pathway", "scenarios", "generate", "--max-t"])).toEqual(["--max-turns"]);
    // Options without enumerated values still complete file names.
    expect(complete(script, ["pathway", "lint", "--config", "package.j"])).toEqual(["package.json"]);
  });

  it("zsh reuses the bash script; fish lists each command and option", async () => {
    expect((await runMain(["completion", "zsh"], { cwd: process.cwd() })).stdout).toContain("bashcompinit");
    const fish = (await runMain(["completion", "fish"], { cwd: process.cwd() })).stdout;
    expect(fish).toContain("complete -c pathway -f -n __fish_use_subcommand -a validate -d");
    expect(fish).toContain("complete -c pathway -n '__fish_seen_subcommand_from lint' -l baseline-write");
    // Enumerated values (-x -a), a value that is a file (-r), and enumerated arguments.
    expect(fish).toContain("complete -c pathway -n '__fish_seen_subcommand_from diff' -l format -s f -x -a 'text json mermaid md stylish'");
    expect(fish).toContain("complete -c pathway -n '__fish_seen_subcommand_from lint' -l config -s c -r");
    expect(fish).toContain("complete -c pathway -f -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'");
  });

  it("refuses an unknown shell as a usage error", async () => {
    expect((await runMain(["completion", "powershell"], { cwd: process.cwd() })).code).toBe(2);
  });
});
