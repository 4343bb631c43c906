// The one shape of a rule, for every kind (document, validate, lint, request): metadata, messages by id, and a check.
import type { RuleDescriptor, StringSpan, ValueEdit } from "../diagnostics/index.js";

/** Which command's set a rule belongs to: `document` findings come from reading the file, the others from a check. */
export type RuleSet = "document" | "validate" | "lint" | "request";

/** The result of checking options: the options with defaults filled in, or the first problems with their paths. */
export type RuleOptionsParseResult<Options> =
  | { success: true; data: Options }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

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

/** What every rule declares about itself; the registries, the rule pages, config checks and SARIF come from it. */
export interface RuleMeta<Options = unknown> extends RuleDescriptor {
  set: RuleSet;
  /** Options the rule accepts, with their defaults; rules without options use `noOptions`. */
  options: RuleOptionsSchema<Options>;
  /**
   * "code" when the rule's findings carry a fix that `lint --fix` may apply: one that cannot change what a call does
   * (ESLint's `meta.fixable`). A rule that reports a fix without it is a broken rule.
   */
  fixable?: "code";
  /** True when the rule offers suggestions: changes a person should look at (ESLint's `meta.hasSuggestions`). */
  hasSuggestions?: boolean;
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
  /** The safe fix, as a new value at a pointer (needs `meta.fixable`). */
  fix?: ValueEdit;
  /** Changes to offer, each described by a message of the rule's meta (needs `meta.hasSuggestions`). */
  suggest?: { messageId: MessageId; data?: Readonly<Record<string, unknown>>; edit: ValueEdit }[];
}

/** A rule over some context (a pathway's, a request's): its metadata and a check that reports through `report`. */
export interface Rule<Context = unknown, Options = unknown, Meta extends RuleMeta<Options> = RuleMeta<Options>> {
  meta: Meta;
  check(context: Context, report: (report: RuleReport) => void, options: Options): void;
}
