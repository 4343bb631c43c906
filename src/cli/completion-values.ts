// What shell completion offers as an option's value: its commander choices, or the values its table entry lists (rule ids for --rule).
import type { Option } from "commander";
import { getTableMark } from "./options/define.js";

/** The values completion offers after `option`: its choices, else the values its table entry lists, else none (file names). */
export function getCompletionValues(option: Option): readonly string[] {
  return option.argChoices ?? getTableMark(option)?.spec.completes ?? [];
}
