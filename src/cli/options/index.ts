// The option table: every flag of every command, declared once; commands pick options from it by name (as Vitest's CLI declares its options in one config).
import type { Option } from "commander";
import { createOption, type OptionEntry } from "./define.js";
import { OUTPUT_OPTIONS } from "./output.js";
import { PROGRAM_OPTIONS } from "./program.js";
import { REVIEW_OPTIONS } from "./review.js";
import { RUNS_OPTIONS } from "./runs.js";
import { SERVICE_OPTIONS } from "./service.js";

/** The table's parts; an entry's name is unique across them (a test checks it). */
export const OPTION_GROUPS = {
  output: OUTPUT_OPTIONS,
  service: SERVICE_OPTIONS,
  review: REVIEW_OPTIONS,
  runs: RUNS_OPTIONS,
  program: PROGRAM_OPTIONS,
} as const;

/** Every entry by name. */
export const OPTIONS = { ...OUTPUT_OPTIONS, ...SERVICE_OPTIONS, ...REVIEW_OPTIONS, ...RUNS_OPTIONS, ...PROGRAM_OPTIONS };

/** The name of an entry. */
export type OptionName = keyof typeof OPTIONS;

/** The refinement entry `N` takes: none for a fixed entry, else the argument its spec function declares. */
export type OptionRefinement<N extends OptionName> = (typeof OPTIONS)[N] extends OptionEntry<infer Args> ? Args : never;

/**
 * The commander Option of entry `name`, as `refinement` says the command uses it (`option("format", { formats })`).
 * A command adds the result as it is: flags, help line, parser, choices and default are the table's.
 */
export function option<N extends OptionName>(name: N, ...refinement: OptionRefinement<N>): Option {
  return createOption(name, OPTIONS[name] as OptionEntry<OptionRefinement<N>>, refinement);
}
