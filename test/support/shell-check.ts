// Checks a workflow's or action's bash scripts as CI should: `bash -n` always, and Debian's shellcheck when installed (required when PATHWAYKIT_REQUIRE_SHELLCHECK is set).
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { tempDir } from "./cli.js";

/** Whether shellcheck is on the PATH. */
export const hasShellcheck = spawnSync("shellcheck", ["--version"]).status === 0;
if (!hasShellcheck) {
  if (process.env["PATHWAYKIT_REQUIRE_SHELLCHECK"])
    throw new Error("shellcheck is required (PATHWAYKIT_REQUIRE_SHELLCHECK) but not installed: apt-get install shellcheck.");
  console.log("\nshellcheck not found: workflow and action scripts are checked with bash -n only (apt-get install shellcheck to lint them).\n");
}

/** What `bash -n` and shellcheck (style level and up) say about `script`: empty when both pass. */
export function checkShellScript(script: string): string {
  const file = path.join(tempDir("pathwaykit-sh-"), "script.sh");
  writeFileSync(file, script);
  const parsed = spawnSync("bash", ["-n", file], { encoding: "utf8" });
  if (parsed.status !== 0 || parsed.stderr !== "") return `bash -n: ${parsed.stderr}`;
  if (!hasShellcheck) return "";
  const checked = spawnSync("shellcheck", ["--shell=bash", "--severity=style", file], { encoding: "utf8" });
  return checked.status === 0 ? "" : checked.stdout;
}
