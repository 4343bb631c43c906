// The top-level keys of a scenario file as plain data (no zod), for the light paths that must tell a scenario from a pathway.

/** Every key ScenarioSchema (scenario.ts) allows at the top level; a test keeps the two equal. */
export const SCENARIO_KEYS: readonly string[] = [
  "$schema",
  "name",
  "description",
  "pathway",
  "start",
  "decider",
  "threshold",
  "request_data",
  "call",
  "mocks",
  "webhooks",
  "max_turns",
  "turns",
  "expect",
];
