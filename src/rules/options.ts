// The options schema of rules that take none: `{}` and nothing else (like a strict empty zod object, without zod).
import type { RuleOptionsParseResult, RuleOptionsSchema } from "./rule.js";

function parseNoOptions(input: unknown): RuleOptionsParseResult<Record<string, never>> {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { success: false, error: { issues: [{ path: [], message: "Invalid input: expected object" }] } };
  const extra = Object.keys(input);
  if (extra.length > 0)
    return {
      success: false,
      error: { issues: [{ path: [], message: `Unrecognized key${extra.length === 1 ? "" : "s"}: ${extra.map((k) => `"${k}"`).join(", ")}` }] },
    };
  return { success: true, data: {} };
}

/** The options schema of rules that take none: `{}` and nothing else (like a strict empty zod object, without zod). */
export const noOptions: RuleOptionsSchema<Record<string, never>> = {
  parse(input) {
    const result = parseNoOptions(input);
    if (!result.success) throw new TypeError(result.error.issues[0]!.message);
    return result.data;
  },
  safeParse: parseNoOptions,
};
