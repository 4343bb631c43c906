// pathway.config.json: its schema, and resolving it (plus command-line flags) into the settings for one file.
import picomatch from "picomatch";
import { z } from "zod";
import { formatKeyPath, toSchemaIssues } from "../parse/index.js";
import { toRuleSeverity, type RuleMeta, type RuleSetting } from "../rules/index.js";

const SeverityName = z.enum(["off", "warn", "warning", "error"]);
const RuleEntry = z.union([SeverityName, z.tuple([SeverityName]).rest(z.unknown())]);
const RulesSchema = z.record(z.string(), RuleEntry);

// The descriptions below are the reference of pathway.config.json (docs/reference/config.md is generated from them).

/** A finding the team has accepted: `rule` at `nodeId` (or anywhere in the file) in files matching `file`. */
export const SuppressionSchema = z.strictObject({
  file: z.string().min(1).describe("Glob of the pathway files the suppression applies to, relative to the config's folder."),
  nodeId: z
    .string()
    .min(1)
    .optional()
    .describe("The node, or the id or source node of an edge, whose finding is accepted; without it, every finding of the rule in those files."),
  rule: z.string().min(1).describe("The rule id of the accepted finding."),
  reason: z.string().trim().min(1, "say why the finding is accepted").describe("Why the finding is accepted."),
});

/** Request files `pathway lint` also checks: globs relative to the config, and the pathway they use (`<file>` or `remote:<id>`). */
export const RequestFilesSchema = z.strictObject({
  files: z
    .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
    .describe("Glob (or globs) of request bodies (calls, batches, inbound numbers), relative to the config's folder and inside it."),
  pathway: z
    .string()
    .min(1)
    .optional()
    .describe(
      "The pathway those requests use: a file relative to the config's folder and inside it, or `remote:<id>`; default: the manifest entry of each body's `pathway_id`.",
    ),
});

/** The schema of pathway.config.json. */
export const LintConfigFileSchema = z.strictObject({
  $schema: z.string().optional().describe("Any JSON Schema reference for editors; not read by pathwaykit."),
  rules: RulesSchema.optional().describe(
    "Severity (`off`, `warn`, `error`), or `[severity, {options}]`, by rule id: for `pathway lint`, `pathway check-request` and the editor.",
  ),
  overrides: z
    .array(
      z.strictObject({
        files: z.union([z.string(), z.array(z.string()).min(1)]).describe("Glob (or globs) of the files, relative to the config's folder."),
        rules: RulesSchema.describe("Rule settings for those files, applied over `rules` (later overrides win)."),
      }),
    )
    .optional()
    .describe("Rule settings for some files only, in order."),
  ignore: z
    .array(z.string())
    .optional()
    .describe(
      "Globs of files to leave out: a folder or glob skips them without a word; a file named on the command line gets an `ignored-file` warning instead of its findings.",
    ),
  variables: z
    .strictObject({
      requestData: z.array(z.string().min(1)).optional().describe("Variables the calls' `request_data` provides: read as set everywhere."),
      system: z.array(z.string().min(1)).optional().describe("More variables to read as always set, besides the service's system variables."),
    })
    .optional()
    .describe("Variables set outside the pathway."),
  suppressions: z
    .array(SuppressionSchema)
    .optional()
    .describe(
      "Accepted findings of pathway rules, each with a reason; one that hid nothing in a run over every file it matches is reported as `unused-suppression`.",
    ),
  /** Request files (API bodies) `pathway lint` also checks, each group with the pathway it uses (see `pathway check-request`). */
  requests: z.array(RequestFilesSchema).optional().describe("Request files (API bodies) `pathway lint` also checks, each group against the pathway it uses."),
});

/** pathway.config.json as written (the `Options` form: everything optional). */
export type LintConfigOptions = z.input<typeof LintConfigFileSchema>;
export type Suppression = z.infer<typeof SuppressionSchema>;

/** A rule's setting after parsing: severity and options validated against the rule's schema. */
export type ResolvedRules = Record<string, RuleSetting>;

/** The resolved configuration. Globs are relative to `root`, the directory holding the config file. */
export interface LintConfig {
  rules: ResolvedRules;
  overrides: { files: string[]; rules: ResolvedRules }[];
  ignore: string[];
  requestData: string[];
  systemVariables: string[];
  suppressions: Suppression[];
  /** Request files to check with the pathway each group uses (globs and pathway file relative to the config's directory). */
  requests: { files: string[]; pathway?: string }[];
}

/** A configuration mistake, with the dotted path of the offending key. */
export class LintConfigError extends Error {
  constructor(
    readonly key: string,
    readonly detail: string,
  ) {
    super(`${key === "" ? "the config" : `"${key}"`}: ${detail}`);
    this.name = "LintConfigError";
  }
}

function resolveRules(raw: Record<string, unknown>, metas: ReadonlyMap<string, RuleMeta>, keyPrefix: string): ResolvedRules {
  const result: ResolvedRules = {};
  for (const [id, entry] of Object.entries(raw)) {
    const meta = metas.get(id);
    if (!meta)
      throw new LintConfigError(
        `${keyPrefix}.${id}`,
        `unknown rule "${id}"; the rule ids are listed at https://github.com/pathwaykit/pathwaykit/blob/main/docs/rules/README.md.`,
      );
    const [severityName, options] = Array.isArray(entry)
      ? [entry[0] as z.infer<typeof SeverityName>, entry[1]]
      : [entry as z.infer<typeof SeverityName>, undefined];
    if (Array.isArray(entry) && entry.length > 2)
      throw new LintConfigError(`${keyPrefix}.${id}`, `expected [severity] or [severity, {options}], got ${entry.length} elements.`);
    // Options a rule does not know are mistakes (usually a typo), not something to drop silently.
    const schema = meta.options instanceof z.ZodObject ? meta.options.strict() : meta.options;
    const parsed = schema.safeParse(options ?? {});
    if (!parsed.success) {
      const issue = toSchemaIssues(parsed.error.issues)[0]!;
      // An unknown option names the options object, as before: the key itself is in the message.
      const at = issue.unknownKey ? formatKeyPath(issue.path.slice(0, -1)) : issue.keyPath;
      throw new LintConfigError(`${keyPrefix}.${id}[1]${at ? `.${at}` : ""}`, `${issue.detail}.`);
    }
    result[id] = { severity: toRuleSeverity(severityName), options: parsed.data };
  }
  return result;
}

/**
 * Validates the parsed contents of pathway.config.json against the schema and the known rules (ids and option
 * schemas); throws `LintConfigError` naming the key at fault.
 */
export function resolveLintConfig(raw: unknown, rules: readonly RuleMeta[]): LintConfig {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new LintConfigError(
      "",
      `must be a JSON object such as {"rules": {"dead-end": "error"}}, not ${Array.isArray(raw) ? "an array" : String(raw === null ? "null" : typeof raw)}.`,
    );
  }
  const parsed = LintConfigFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = toSchemaIssues(parsed.error.issues)[0]!;
    const key = issue.keyPath;
    if (issue.unknownKey)
      throw new LintConfigError(
        key,
        `unknown key; the keys allowed here are listed at https://github.com/pathwaykit/pathwaykit/blob/main/docs/reference/config.md.`,
      );
    const detail =
      issue.code === "invalid_union" && /^(overrides\[\d+\]\.)?rules\./.test(key)
        ? `expected "off", "warn", "error" or ["error", {options}].`
        : `${issue.detail}.`;
    throw new LintConfigError(key, detail);
  }
  const config = parsed.data;
  const metas = new Map(rules.map((m) => [m.id, m]));
  for (const [i, s] of (config.suppressions ?? []).entries()) {
    if (!metas.has(s.rule)) throw new LintConfigError(`suppressions[${i}].rule`, `unknown rule "${s.rule}".`);
  }
  return {
    rules: resolveRules(config.rules ?? {}, metas, "rules"),
    overrides: (config.overrides ?? []).map((o, i) => ({
      files: typeof o.files === "string" ? [o.files] : o.files,
      rules: resolveRules(o.rules, metas, `overrides[${i}].rules`),
    })),
    ignore: config.ignore ?? [],
    requestData: config.variables?.requestData ?? [],
    systemVariables: config.variables?.system ?? [],
    suppressions: config.suppressions ?? [],
    requests: (config.requests ?? []).map((r) => ({
      files: typeof r.files === "string" ? [r.files] : r.files,
      ...(r.pathway !== undefined && { pathway: r.pathway }),
    })),
  };
}

/** An empty configuration: every rule at its default. */
export function createDefaultLintConfig(): LintConfig {
  return { rules: {}, overrides: [], ignore: [], requestData: [], systemVariables: [], suppressions: [], requests: [] };
}

const matchers = new Map<string, (path: string) => boolean>();
function matches(globs: readonly string[], file: string): boolean {
  return globs.some((glob) => {
    let m = matchers.get(glob);
    if (!m) {
      m = picomatch(glob, { dot: true, matchBase: !glob.includes("/") });
      matchers.set(glob, m);
    }
    return m(file);
  });
}

/** What applies to one file: its rule settings (base, then matching overrides in order), variables and suppressions. */
export interface FileLintSettings {
  ignored: boolean;
  rules: ResolvedRules;
  requestData: string[];
  systemVariables: string[];
  suppressions: Suppression[];
}

/** Settings for the file at `relativePath` (posix separators, relative to the config's directory). */
export function getFileLintSettings(config: LintConfig, relativePath: string): FileLintSettings {
  let rules = { ...config.rules };
  for (const o of config.overrides) if (matches(o.files, relativePath)) rules = { ...rules, ...o.rules };
  return {
    ignored: config.ignore.length > 0 && matches(config.ignore, relativePath),
    rules,
    requestData: config.requestData,
    systemVariables: config.systemVariables,
    suppressions: config.suppressions.filter((s) => matches([s.file], relativePath)),
  };
}
