// The GitHub Action section of docs/ci.md: its workflow file and pre-commit config, as a team copies them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { ROOT } from "./cli.js";
import { interpolate } from "./composite-action.js";

/** The section's text. */
export const ciSection = ((): string => {
  const page = readFileSync(path.join(ROOT, "docs/ci.md"), "utf8");
  const start = page.indexOf("<!-- section:action -->");
  const end = page.indexOf("<!-- /section:action -->");
  if (start < 0 || end < start) throw new Error("docs/ci.md has no <!-- section:action --> ... <!-- /section:action -->");
  return page.slice(start, end);
})();

/** The section's ```yaml block whose first line is `# <name>`. */
export function yamlBlock(name: string): string {
  const block = [...ciSection.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.startsWith(`# ${name}\n`));
  if (!block) throw new Error(`docs/ci.md's Action section has no yaml block for ${name}`);
  return block;
}

/** A job of the workflow, as far as these tests read it. */
export interface WorkflowJob {
  if?: string;
  permissions?: Record<string, string>;
  steps: { uses?: string; with?: Record<string, unknown> }[];
}

/** The workflow file the guide gives. */
export function guideWorkflow(): { on: Record<string, unknown>; jobs: Record<string, WorkflowJob> } {
  return parse(yamlBlock(".github/workflows/pathways.yml")) as { on: Record<string, unknown>; jobs: Record<string, WorkflowJob> };
}

/** The `with:` of the job's pathwaykit step, with `${{ secrets.PATHWAYKIT_API_KEY }}` filled in as the runner would. */
export function guideActionInputs(job: "check" | "release", apiKey: string): Record<string, string> {
  const step = guideWorkflow().jobs[job]!.steps.find((s) => /\/pathwaykit@/.test(s.uses ?? ""));
  if (!step) throw new Error(`the guide's ${job} job has no pathwaykit step`);
  const context = { secrets: { PATHWAYKIT_API_KEY: apiKey }, github: {}, inputs: {} };
  return Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(String(v), context)]));
}
