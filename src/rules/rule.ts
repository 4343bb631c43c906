// The one shape of a rule, for every kind (document, validate, lint, request): metadata, messages by id, and a check.
import type { RuleDescriptor, StringSpan } from "../diagnostics/index.js";

/** Which command's set a rule belongs to: `document` findings come from reading the file, the others from a check. */
export type RuleSet = "document" | "validate" | "lint" | "request";

/** The result of checking options: the options with defaults filled in, or the first problems with their paths. */
export type RuleOptionsParseResult<Options> = { success: true; data: Options } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * A rule's options schema: what a zod schema offers (`parse`, `safeParse`), so a rule with options declares a zod
 * object, and a rule without any uses `noOptions`, which needs no zod (validate then loads without it).
 */
export interface RuleOptionsSchema<Options = unknown> {
  parse(input: unknown): Options;
  safeParse(input: unknown): RuleOptionsParseResult<Options>;
}

/** Message templates by id (ESLint's `meta.messages`); `{{name}}` is filled from the report's `data`. */
export type RuleMessages = Readonly<Record<string, string>>;

/** What every rule declares about itself; the registries, the README table, config checks and SARIF come from it. */
export interface RuleMeta<Options = unknown> extends RuleDescriptor {
  set: RuleSet;
  /** Options the rule accepts, with their defaults; rules without options use `noOptions`. */
  options: RuleOptionsSchema<Options>;
  fixable: false;
  messages: RuleMessages;
}

/** What a rule reports: the runner adds the message text, rule id, severity, url and (placing it) the range. */
export interface RuleReport<MessageId extends string = string> {
  pointer: string;
  messageId: MessageId;
  /** Values of the message's `{{placeholders}}`. */
  data?: Readonly<Record<string, unknown>>;
  /** Other places that explain the finding (the first of two duplicates). */
  related?: { pointer: string; message: string }[];
  /** Part of the string at `pointer` (a `{{placeholder}}` in a long prompt): the range then covers just that part. */
  span?: StringSpan;
}

/** A rule over some context (a pathway's, a request's): its metadata and a check that reports through `report`. */
export interface Rule<Context = unknown, Options = unknown, Meta extends RuleMeta<Options> = RuleMeta<Options>> {
  meta: Meta;
  check(context: Context, report: (report: RuleReport) => void, options: Options): void;
}
