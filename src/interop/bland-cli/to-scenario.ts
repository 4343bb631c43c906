// The seam to scenario runs: a bland-cli test case as the scenario shape `pathway test` reads, for a persona run with a model.
import type { Scenario } from "../../simulate/scenario.js";
import type { BlandCliTestCase } from "./test-cases.js";

/**
 * A bland-cli test case as a scenario: `scenario` (bland-cli sends it as the caller's first message) becomes the
 * scenario's `description`, the persona a model plays; `expected_path` becomes `expect.path` (node names: a converted
 * project's ids are its names), `expected_variables` `expect.vars`, `max_turns` `max_turns`. It has no `turns`: the
 * caller's lines are the persona runner's to write, so with the scripted decider the scenario only starts the call.
 * `pathway` is the pathway file, relative to where the scenario will be saved (the project's bland-pathway.yaml).
 */
export function toScenario(test: BlandCliTestCase, pathway: string): Scenario {
  return {
    ...(typeof test.name === "string" && { name: test.name }),
    ...(typeof test.scenario === "string" && { description: test.scenario }),
    pathway,
    decider: "llm",
    ...(typeof test.max_turns === "number" && Number.isInteger(test.max_turns) && test.max_turns > 0 && { max_turns: test.max_turns }),
    turns: [],
    ...((Array.isArray(test.expected_path) || test.expected_variables) && {
      expect: {
        ...(Array.isArray(test.expected_path) && { path: test.expected_path.map(String) }),
        ...(test.expected_variables && typeof test.expected_variables === "object" && { vars: test.expected_variables }),
      },
    }),
  };
}
