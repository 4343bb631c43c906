// The "From pull request to production" section of README.md: its workflow file and pre-commit config, as a team copies them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { ROOT } from "./cli.js";
import { interpolate } from "./composite-action.js";

/** The section's text. */
export const ciSection = ((): string => {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("<!-- section:ci -->");
  const end = readme.indexOf("<!-- /section:ci -->");
  if (start < 0 || end < start) throw new Error("README.md has no <!-- section:ci --> ... <!-- /section:ci -->");
  return readme.slice(start, end);
})();

/** The section's ```yaml block whose first line is `# <name>`. */
export function yamlBlock(name: string): string {
  const block = [...ciSection.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.startsWith(`# ${name}\n`));
  if (!block) throw new Error(`README's CI section has no yaml block for ${name}`);
  return block;
}

/** A job of the workflow, as far as these tests read it. */
export interface WorkflowJob {
  if?: string;
  permissions?: Record<string, string>;
  steps: { uses?: string; with?: Record<string, unknown> }[];
}

/** The workflow file the README gives. */
export function readmeWorkflow(): { on: Record<string, unknown>; jobs: Record<string, WorkflowJob> } {
  return parse(yamlBlock(".github/workflows/pathways.yml")) as { on: Record<string, unknown>; jobs: Record<string, WorkflowJob> };
}

/** The `with:` of the job's pathwaykit step, with `${{ secrets.PATHWAYKIT_API_KEY }}` filled in as the runner would. */
export function readmeActionInputs(job: "check" | "release", apiKey: string): Record<string, string> {
  const step = readmeWorkflow().jobs[job]!.steps.find((s) => /\/pathwaykit@/.test(s.uses ?? ""));
  if (!step) throw new Error(`the README's ${job} job has no pathwaykit step`);
  const context = { secrets: { PATHWAYKIT_API_KEY: apiKey }, github: {}, inputs: {} };
  return Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(String(v), context)]));
}
