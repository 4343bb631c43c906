// Checks a coverage entry read from a `pathway test --coverage --format json` file before the report uses it.
import { z } from "zod";
import { toSchemaIssues } from "../../parse/index.js";
import type { PathwayCoverage } from "../../simulate/index.js";
import { EngineError } from "../../host/errors.js";

const item = z.object({ id: z.string(), label: z.string(), when: z.string().optional() });
const count = z.number().int().nonnegative();
const category = z.object({ covered: count, total: count, percent: z.number().min(0).max(100), untested: z.array(item), unreachable: z.array(item) });
const entry = z.object({ nodes: category, edges: category, globals: category });

/**
 * The coverage entry as the report reads it, or an EngineError ("input") naming the first field that is not what
 * `pathway test` writes: a file edited by hand or by another tool (`"untested": null`) is refused, not a crash.
 */
export function toPathwayCoverage(value: unknown, file: string, pathway: string): PathwayCoverage {
  const parsed = entry.safeParse(value);
  if (parsed.success) return parsed.data as PathwayCoverage;
  const issue = toSchemaIssues(parsed.error.issues)[0]!;
  throw new EngineError(
    "input",
    `--coverage ${file}: the coverage of ${pathway} is not as \`pathway test --coverage --format json\` writes it: ${issue.keyPath || "the entry"}: ${issue.detail}; write the file again with that command.`,
  );
}
