// The scenario format as JSON Schema, made once: what the language server completes and explains in a scenario file.
import { getScenarioJsonSchema } from "../../simulate/scenario.js";

let schema: Record<string, unknown> | undefined;

/** The scenario file's JSON Schema (draft 2020-12), built from the zod schema on first use and kept. */
export function getScenarioSchema(): Record<string, unknown> {
  schema ??= getScenarioJsonSchema();
  return schema;
}
