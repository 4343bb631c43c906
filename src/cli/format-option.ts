// The one `-f, --format` option: the same flag in every command, `text` as the human format's one name and `stylish` its alias.
import { Option } from "commander";

/** The human format's name in every command. */
export const HUMAN_FORMAT = "text";

/**
 * `-f, --format <name>` with these choices (default the first). Where `text` is a choice, `stylish` (ESLint's name)
 * is accepted too and read as `text`, so scripts written for either name keep working.
 */
export function createFormatOption(formats: readonly string[], description = "output format"): Option {
  const choices = formats.includes(HUMAN_FORMAT) ? [...formats, "stylish"] : [...formats];
  const option = new Option("-f, --format <name>", formats.includes(HUMAN_FORMAT) ? `${description} (stylish = text)` : description).choices(choices).default(formats[0]);
  const check = option.parseArg!;
  return option.argParser((value: string, previous: unknown) => {
    const chosen = check(value, previous) as string;
    return chosen === "stylish" ? HUMAN_FORMAT : chosen;
  });
}
