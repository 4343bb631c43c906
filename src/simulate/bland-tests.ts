// bland-cli's tests/test-cases.yaml as persona scenarios: `scenario:` is the persona, `expected_path` and `expected_variables` the expectations.
import { z } from "zod";
import { readYamlStructured } from "../parse/structured-yaml.js";
import type { ScenarioIssue, ScenarioLocator } from "./scenario.js";
import { ScenarioSchema, type Scenario } from "./scenario.js";

/** bland-cli 0.6.1's PathwayTestCasesFile; other keys are kept out of the way, not refused (the CLI ignores them too). */
const BlandTestsSchema = z.looseObject({
  pathway: z.string().optional(),
  tests: z
    .array(
      z.looseObject({
        name: z.string().optional(),
        scenario: z.string().trim().min(1, "a bland-cli test needs scenario: (what the caller wants), which the caller model plays"),
        expected_path: z.array(z.union([z.string(), z.number()]).transform(String)).optional(),
        expected_variables: z.record(z.string(), z.unknown()).optional(),
        max_turns: z.number().int().positive().optional(),
      }),
    )
    .min(1, "the test-cases file has no tests"),
});

/** One test as a persona scenario, with a locator that points into the test-cases file. */
export interface BlandTestScenario {
  scenario: Scenario;
  locate: ScenarioLocator;
}

/** Where a scenario key of test `i` is in the test-cases file: persona at scenario:, expectations at expected_*. */
function toTestPath(i: number, path: readonly (string | number)[]): (string | number)[] {
  const [first, second, ...rest] = path;
  if (first === "persona") return ["tests", i, "scenario"];
  if (first === "max_turns") return ["tests", i, "max_turns"];
  if (first === "expect" && second === "path_contains") return ["tests", i, "expected_path", ...rest];
  if (first === "expect" && second === "vars") return ["tests", i, "expected_variables", ...rest];
  return ["tests", i];
}

/**
 * Reads a bland-cli test-cases file as persona scenarios on `pathwayRef` (the pathway file, relative to the test-cases
 * file): each test's `scenario:` is the persona, `expected_path` (node names) must be passed through in that order
 * (`path_contains`: a conversation may go round a node again), `expected_variables` must hold at the end. bland-cli
 * declares but never checks them; here they are the run's expectations. Never throws.
 */
export function readBlandTests(text: string, pathwayRef: string): { ok: true; tests: BlandTestScenario[] } | { ok: false; issues: ScenarioIssue[] } {
  const read = readYamlStructured(text, { schema: BlandTestsSchema, emptyMessage: "the test-cases file is empty; it needs tests:" });
  if (!read.ok)
    return {
      ok: false,
      issues: read.diagnostics.map((d) => ({
        message: d.message,
        pointer: d.pointer,
        ...(d.range && { line: d.range.start.line, column: d.range.start.column }),
      })),
    };
  const tests = read.value.tests.map((t, i): BlandTestScenario => {
    const expect = { ...(t.expected_path && { path_contains: t.expected_path }), ...(t.expected_variables && { vars: t.expected_variables }) };
    const scenario = ScenarioSchema.parse({
      name: t.name ?? `test ${i + 1}`,
      pathway: pathwayRef,
      persona: t.scenario,
      ...(t.max_turns !== undefined && { max_turns: t.max_turns }),
      ...(Object.keys(expect).length > 0 && { expect }),
    });
    return { scenario, locate: (path) => read.locate(toTestPath(i, path)) };
  });
  return { ok: true, tests };
}
