// bland-cli's tests/test-cases.yaml as `pathway test` reads it: its project's pathway found and converted, each test a persona scenario on it.
import path from "node:path";
import type { Pathway } from "../../model/schema.js";
import { readBlandTests, type BlandTestScenario, type ScenarioIssue } from "../../simulate/index.js";
import type { Host } from "../../host/host.js";
import { displayPath } from "../project/inputs.js";
import { toRealPath } from "../../host/real-path.js";
import { findBlandProject } from "./bland-project.js";

/** True for text shaped like bland-cli's test-cases file (`tests:` at the top), worth reading as one. */
export function isBlandTestsText(text: string): boolean {
  return /^tests\s*:/m.test(text) && !/^turns\s*:/m.test(text);
}

/**
 * The tests of a bland-cli test-cases file as persona scenarios on the project's pathway (converted from its YAML),
 * with the remote pathway its .blandrc links; or why they cannot run, with the problems at their lines.
 */
export async function readBlandTestsFile(
  host: Host,
  file: string,
  text: string,
  dir: string,
): Promise<{ tests: BlandTestScenario[]; project: { pathway: Pathway; pathwayId?: string } } | { problem: string; issues?: ScenarioIssue[] }> {
  const project = await findBlandProject(host, file);
  if (project === undefined)
    return {
      problem: `${displayPath(host.cwd, file)} is a bland-cli test-cases file, but no bland-pathway.yaml (or the pathway_file of a .blandrc) was found beside its folder; its tests run on that pathway.`,
    };
  if ("problem" in project) return project;
  const ref = path
    .relative(dir, await toRealPath(host, project.file))
    .split(path.sep)
    .join("/");
  const read = readBlandTests(text, ref);
  if (!read.ok) return { problem: read.issues[0]!.message, issues: read.issues };
  return { tests: read.tests, project: { pathway: project.pathway, ...(project.pathwayId !== undefined && { pathwayId: project.pathwayId }) } };
}
