// The one mapping of a zod schema's issues to the Diagnostic shape, with key paths printed one way for every file kind.
import type { Diagnostic } from "../diagnostics/index.js";
import { toPointer } from "../diagnostics/index.js";

/** What the mapper reads of a zod issue (zod 4's `$ZodIssue`), so the parse layer needs no zod value import. */
export interface SchemaIssueInput {
  /** Absent from option schemas that are not zod's (see validate's RuleOptionsSchema). */
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  /** The unknown keys of an `unrecognized_keys` issue. */
  keys?: readonly string[];
}

/** One problem with a value, as every reader of a structured file reports it. */
export interface SchemaIssue {
  /** Path segments of the offending value (an unknown key's path ends with the key). */
  path: (string | number)[];
  /** `path` as printed in messages: `turns[0].expect`, "" for the whole file (see `formatKeyPath`). */
  keyPath: string;
  /** What is wrong, without the place: `unknown key "tkae"`, `required, missing`, or zod's own message. */
  detail: string;
  /** zod's issue code (`unrecognized_keys`, `invalid_type`, `invalid_union`, `custom`, ...), "" when not given. */
  code: string;
  /** True when the issue is an unknown key. */
  unknownKey: boolean;
}

/**
 * A path as messages print it, the way JavaScript and `jq` write it: keys joined by dots, indexes in brackets
 * (`overrides[0].rules.dead-end`); "" is the whole file. One form for config, manifest, baseline, scenario and mocks
 * files, where each used to print its own (`pathways.0.id`, `"findings.0.file"`, `/turns/0`).
 */
export function formatKeyPath(path: readonly PropertyKey[]): string {
  let key = "";
  for (const segment of path) {
    if (typeof segment === "number") key += `[${segment}]`;
    else key += key === "" ? String(segment) : `.${String(segment)}`;
  }
  return key;
}

/** zod's issues as `SchemaIssue`s: one per unknown key (each at its own path), symbols dropped from paths. */
export function toSchemaIssues(issues: readonly SchemaIssueInput[]): SchemaIssue[] {
  const found: SchemaIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys ?? [])
        found.push({
          path: [...path, key],
          keyPath: formatKeyPath([...path, key]),
          detail: `unknown key ${JSON.stringify(key)}`,
          code: issue.code,
          unknownKey: true,
        });
      continue;
    }
    // zod says "expected string, received undefined"; a user reads that as a key they forgot.
    const missing = issue.code === "invalid_type" && issue.message.includes("received undefined");
    found.push({ path, keyPath: formatKeyPath(path), detail: missing ? "required, missing" : issue.message, code: issue.code ?? "", unknownKey: false });
  }
  return found;
}

/** Options of `toSchemaDiagnostics`. */
export interface SchemaDiagnosticOptions {
  /** Where a path's value starts (1-based); an unknown key is placed at the key itself when the locator can. */
  locate?: (path: readonly (string | number)[], key?: string) => { line: number; column: number } | undefined;
  /** Said after every unknown key, e.g. `check the spelling (see <the scenario docs>)`. */
  unknownKeyHint?: string;
  /** The diagnostics' rule id (default `schema`). */
  ruleId?: string;
}

/** The message of one issue: `unknown key "x" in turns[0]` or `turns[0].user: required, missing`. */
export function toSchemaMessage(issue: SchemaIssue, unknownKeyHint?: string): string {
  if (issue.unknownKey) {
    const parent = formatKeyPath(issue.path.slice(0, -1));
    return `${issue.detail}${parent ? ` in ${parent}` : ""}${unknownKeyHint ? `; ${unknownKeyHint}` : ""}`;
  }
  return issue.keyPath ? `${issue.keyPath}: ${issue.detail}` : issue.detail;
}

/** Every issue as an error Diagnostic with its pointer, message and (when a locator is given) its start position. */
export function toSchemaDiagnostics(issues: readonly SchemaIssueInput[], options: SchemaDiagnosticOptions = {}): Diagnostic[] {
  return toSchemaIssues(issues).map((issue) => {
    const at = issue.unknownKey ? options.locate?.(issue.path.slice(0, -1), String(issue.path.at(-1))) : options.locate?.(issue.path);
    return {
      ruleId: options.ruleId ?? "schema",
      severity: "error",
      message: toSchemaMessage(issue, options.unknownKeyHint),
      pointer: toPointer(issue.path),
      ...(at && { range: { start: at, end: at } }),
    };
  });
}
