// `pathway completion`: the bash script is valid bash and completes commands and each command's own options.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
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
    expect(complete(r.stdout, ["pathway", "lint", "--base"])).toEqual(["--baseline", "--baseline-write"]);
    expect(complete(r.stdout, ["pathway", "validate", "--base"])).toEqual([]);
  });

  it("zsh reuses the bash script; fish lists each command and option", async () => {
    expect((await runMain(["completion", "zsh"], { cwd: process.cwd() })).stdout).toContain("bashcompinit");
    const fish = (await runMain(["completion", "fish"], { cwd: process.cwd() })).stdout;
    expect(fish).toContain("complete -c pathway -f -n __fish_use_subcommand -a validate -d");
    expect(fish).toContain("complete -c pathway -n '__fish_seen_subcommand_from lint' -l baseline-write");
  });

  it("refuses an unknown shell as a usage error", async () => {
    expect((await runMain(["completion", "powershell"], { cwd: process.cwd() })).code).toBe(2);
  });
});
