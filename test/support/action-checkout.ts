// The Action's own checkout ($GITHUB_ACTION_PATH) as a runner has it: this repository's files at the tag, without node_modules or dist, or ready from an earlier use in the job.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { ROOT, tempDir } from "./cli.js";

/**
 * A copy of the repository's files as a runner downloads them for `uses: <owner>/pathwaykit@<ref>`: every tracked
 * file (and every new file git would track), as they are in the working tree so that uncommitted changes are tested,
 * and nothing git ignores (node_modules, dist).
 */
export function freshActionCheckout(): string {
  const dir = tempDir("pathwaykit-action-");
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    // A tracked file deleted in the working tree is not part of the change under test.
    if (!existsSync(path.join(ROOT, file))) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  return dir;
}

let ready: string | undefined;

/**
 * The checkout as a second use of the Action in a job finds it: installed and built. Its node_modules and dist are this
 * repository's (links), so the install step has nothing to do; it needs `npm run build` first, as every CLI test does.
 * One per test process.
 */
export function readyActionCheckout(): string {
  for (const needed of ["node_modules/.package-lock.json", "dist/bundle/main.cjs"]) {
    // Without them the install step would run npm ci through the link, in this repository's own node_modules.
    if (!existsSync(path.join(ROOT, needed))) throw new Error(`the Action's tests need ${needed}: run npm ci and npm run build first`);
  }
  if (ready) return ready;
  const dir = freshActionCheckout();
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  symlinkSync(path.join(ROOT, "dist"), path.join(dir, "dist"), "dir");
  ready = dir;
  return dir;
}
