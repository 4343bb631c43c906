// What shell completion offers as an option's value: its commander choices, or values the option carries (rule ids for --rule).
import { Option } from "commander";

const VALUES = Symbol("completion values");

type WithValues = Option & { [VALUES]?: readonly string[] };

/** `option` carrying `values` for shell completion; unlike commander's choices they do not restrict what is accepted. */
export function withCompletionValues(option: Option, values: readonly string[]): Option {
  return Object.assign(option, { [VALUES]: values });
}

/** The values completion offers after `option`: its choices, else the values it carries, else none (file names). */
export function getCompletionValues(option: Option): readonly string[] {
  return option.argChoices ?? (option as WithValues)[VALUES] ?? [];
}

/** `--rule <id:severity...>`, completing the ids of `rules` (the severity after the colon is typed). */
export function createRuleOption(description: string, rules: readonly { id: string }[]): Option {
  return withCompletionValues(new Option("--rule <id:severity...>", description), rules.map((r) => r.id));
}
