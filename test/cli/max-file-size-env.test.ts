// A bad $PATHWAYKIT_MAX_FILE_SIZE: commands that read no files (completion, run from .bashrc) ignore it; the others refuse it clearly.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

describe("PATHWAYKIT_MAX_FILE_SIZE set to something that is not a size", () => {
  it.each(["bash", "zsh", "fish"])("pathway completion %s still prints its script and exits 0", async (shell) => {
    const result = await runMain(["completion", shell], { env: { PATHWAYKIT_MAX_FILE_SIZE: "lots" } });
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain("pathway");
  });

  it.each(["lots", "0", "-5"])("a command that reads files exits 2 naming the variable, its value %s and the accepted forms", async (value) => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "p.json"), JSON.stringify({ name: "p", nodes: [], edges: [] }));
    const result = await runMain(["validate", "p.json"], { cwd: dir, env: { PATHWAYKIT_MAX_FILE_SIZE: value } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`PATHWAYKIT_MAX_FILE_SIZE=${JSON.stringify(value)}: expected a size such as 256MB, 64m, 512k or a number of bytes.`);
    expect(result.stdout).toBe("");
  });
});
