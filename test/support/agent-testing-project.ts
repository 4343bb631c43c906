// A project for the Agent Testing commands: the release project's tracked booking pathway, persona scenarios for it, and the fake service with Agent Testing.
import type { FakeServiceOptions } from "./fake-service.js";
import { bookingPathway, startReleaseProject, type ReleaseProject } from "./release-project.js";

/** A persona scenario of the booking pathway: a name, a caller, two judges and an end node; `extra` lines are added at the end. */
export function personaScenario(name = "a new patient books", extra: string[] = []): string {
  return [
    `name: ${JSON.stringify(name)}`,
    "pathway: ../booking.json",
    "persona:",
    "  name: Dana Reyes",
    "  prompt: You want a cleaning next Tuesday at 10:30 and answer in few words.",
    "max_turns: 12",
    "judges:",
    "  - The agent confirms the booking",
    "  - criterion: The agent is polite",
    "    threshold: 0.8",
    "expect:",
    "  node: Booked",
    "  vars: { patient_name: Dana Reyes }",
    ...extra,
    "",
  ].join("\n");
}

/** The release project (pathway `p` tracked as booking.json, version 1 saved as the file) with persona scenarios in personas/. */
export async function startAgentTestingProject(options: FakeServiceOptions = {}): Promise<ReleaseProject> {
  const project = await startReleaseProject({ versions: { p: [bookingPathway()] }, ...options });
  project.write("personas/dana.scenario.yaml", personaScenario());
  project.write(
    "personas/sam.scenario.yaml",
    personaScenario("an impatient caller books").replace("  vars: { patient_name: Dana Reyes }\n", "").replace("Dana Reyes", "Sam Lee"),
  );
  return project;
}

/** The JSON bodies of the requests to `method` + a path matching `pattern`. */
export function bodiesOf(project: ReleaseProject, method: string, pattern: RegExp): Record<string, unknown>[] {
  return project.service.requestsTo(method, pattern).map((r) => JSON.parse(r.body || "{}") as Record<string, unknown>);
}
