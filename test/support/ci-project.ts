// A team's pathway repository for the Action's tests: the example pathways fetched from the fake service (so the manifest is real), their scenarios, and a pull request's two commits.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT, tempDir } from "./cli.js";
import { runMain } from "./run-main.js";

/** The example pathways, by the remote id the fake service keeps them under. */
export function examplePathways(): Record<string, unknown> {
  const files = readdirSync(path.join(ROOT, "pathways")).filter((f) => f.endsWith(".json"));
  return Object.fromEntries(files.map((f) => [`pw-${path.basename(f, ".json")}`, JSON.parse(readFileSync(path.join(ROOT, "pathways", f), "utf8"))]));
}

/** The repository: its folder and the two commits of the pull request. */
export interface CiProject {
  dir: string;
  baseSha: string;
  headSha: string;
}

/** Runs git in `dir` with a fixed author. */
export function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=Dana", "-c", "user.email=dana@example.com", "-c", "init.defaultBranch=main", ...args], {
    cwd: dir,
    encoding: "utf8",
  }).trim();
}

/**
 * Makes the repository: every example pathway fetched from `baseUrl` into pathways/ (recording the manifest), the
 * example scenarios, one commit; then `change` applied to the named files, the `add` files written, and both committed
 * as the pull request's head.
 */
export async function createCiProject(
  baseUrl: string,
  apiKey: string,
  change: Record<string, (pathway: Record<string, unknown>) => void>,
  add: Record<string, string> = {},
): Promise<CiProject> {
  const dir = tempDir("pathwaykit-team-");
  mkdirSync(path.join(dir, "pathways"));
  cpSync(path.join(ROOT, "pathways", "scenarios"), path.join(dir, "pathways", "scenarios"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ name: "team-pathways", private: true }, null, 2)}\n`);
  for (const id of Object.keys(examplePathways())) {
    const fetched = await runMain(["fetch", id, "-o", `pathways/${id.slice(3)}.json`, "--base-url", baseUrl], {
      cwd: dir,
      env: { PATHWAYKIT_API_KEY: apiKey },
    });
    if (fetched.code !== 0) throw new Error(`fetch ${id}: ${fetched.stderr}`);
  }
  git(dir, "init", "-q");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "pathways as on the service");
  const baseSha = git(dir, "rev-parse", "HEAD");
  for (const [file, edit] of Object.entries(change)) {
    const pathway = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>;
    edit(pathway);
    writeFileSync(path.join(dir, file), `${JSON.stringify(pathway, null, 2)}\n`);
  }
  for (const [file, text] of Object.entries(add)) writeFileSync(path.join(dir, file), text);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "the change under review");
  return { dir, baseSha, headSha: git(dir, "rev-parse", "HEAD") };
}

/** Sets the `text` (or `prompt`) of the pathway's node named `name`. */
export function setNodeText(name: string, text: string): (pathway: Record<string, unknown>) => void {
  return (pathway) => {
    const node = (pathway.nodes as { data?: Record<string, unknown> }[]).find((n) => n.data?.name === name)?.data;
    if (!node) throw new Error(`no node named ${name}`);
    if (typeof node.prompt === "string") node.prompt = text;
    else node.text = text;
  };
}
