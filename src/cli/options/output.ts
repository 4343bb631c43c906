// The option table, part one: what a command prints and where (format, output, colour, findings), and the flags of checking and writing.
import { defineAlias, defineOption } from "./define.js";
import { HUMAN_FORMAT, parseCount, parseFormatName } from "./parsers.js";

/** How a command uses `-f, --format`: the formats it prints (the first is the default), and what they are of. */
export interface FormatUse {
  formats: readonly string[];
  /** What is printed in that format, when it is not the command's whole output (`the findings`). */
  of?: string;
  /** A remark after the help line's first part. */
  note?: string;
}

/** How a command uses `-o, --output`: the file its report goes to instead of stdout, or what else it writes there. */
export type OutputUse =
  | {
      /** The report, by name (`the summary`); the value is a file written atomically, and stdout gets nothing. */
      report?: string;
    }
  | {
      /** What is written where, as the help line says it after "write" (`the JSON files into this directory`). */
      writes: string;
      /** The value's name when it is not a file: `dir`, `path`, `file.ts`. */
      value?: string;
      /** What is written where without the flag. */
      default?: string;
      note?: string;
      required?: boolean;
    };

/** The flags of reporting, writing and checking. */
export const OUTPUT_OPTIONS = {
  format: defineOption("-f, --format <name>", ({ formats, of, note }: FormatUse) => {
    const human = formats.includes(HUMAN_FORMAT);
    return {
      description: `output format${of ? ` of ${of}` : ""}${note ? `; ${note}` : ""}${human ? " (stylish = text)" : ""}`,
      // Where `text` is a choice, `stylish` (ESLint's name) is accepted too and read as `text`.
      choices: human ? [...formats, "stylish"] : formats,
      ...(human && { parse: parseFormatName }),
      default: formats[0],
    };
  }),
  output: defineOption("-o, --output <file>", (use: OutputUse = {}) => {
    if (!("writes" in use)) return { description: `write ${use.report ?? "the report"} to a file (atomically) instead of stdout`, reportOutput: true };
    return {
      description: `write ${use.writes}${use.default ? ` (default: ${use.default})` : ""}${use.note ? `; ${use.note}` : ""}`,
      ...(use.value !== undefined && { value: use.value }),
      ...(use.required && { required: true }),
    };
  }),
  /** Old spellings of -o: ESLint's --output-file for a findings report, and --out for what build and import write. */
  outputFile: defineAlias("--output-file <file>", "output", { reportOutput: true }),
  out: defineAlias("--out <path>", "output"),
  color: defineOption("--color", ({ in: part }: { in?: string } = {}) => ({
    description: `force colours${part ? ` in ${part}` : ""} even when not writing to a terminal (also FORCE_COLOR=1)`,
    env: "FORCE_COLOR",
  })),
  noColor: defineOption("--no-color", () => ({ description: "disable colours (also NO_COLOR=1)", env: "NO_COLOR" })),
  quiet: defineOption("-q, --quiet", () => ({ description: "report errors only" })),
  maxWarnings: defineOption("--max-warnings <n>", () => ({ description: "exit 1 when there are more than n warnings", parse: parseCount })),
  ignorePattern: defineOption("--ignore-pattern <glob...>", () => ({
    description: "skip files matching these globs in directories and globs (a file named directly is still read)",
  })),
  rule: defineOption(
    "--rule <id:severity...>",
    ({ rules, example, config = true }: { rules: readonly { id: string }[]; example: string; config?: boolean }) => ({
      description: `override a rule's severity, e.g. ${example}:off${config ? " (wins over the config)" : ""}`,
      completes: rules.map((r) => r.id),
    }),
  ),
  config: defineOption("-c, --config <file>", ({ for: purpose }: { for?: string } = {}) => ({
    description: `use this config file${purpose ? ` for ${purpose}` : ""} instead of the nearest pathway.config.json`,
  })),
  baseline: defineOption("--baseline <file>", () => ({ description: "report only findings that are not recorded in this baseline file" })),
  baselineWrite: defineOption("--baseline-write <file>", () => ({
    description: "record every current finding in this baseline file; they are not reported (exit 0 unless a file is unreadable)",
  })),
  warnIgnored: defineOption("--no-warn-ignored", () => ({
    description: "say nothing of a file named on the command line that the config ignores (for pre-commit hooks that pass every staged file)",
  })),
  fix: defineOption("--fix", () => ({
    description:
      "apply the safe fixes (ones that cannot change what a call does) and rewrite each fixed file atomically, keeping its formatting; report what remains",
  })),
  fixDryRun: defineOption("--fix-dry-run", () => ({
    description: "apply the safe fixes in memory only: nothing is written; --format json gives each fixed file's whole text in `output`",
  })),
  check: defineOption("--check", ({ does = "write nothing", fails }: { does?: string; fails: string }) => ({ description: `${does}; exit 1 when ${fails}` })),
  watch: defineOption("--watch", (use: { of?: string; for?: string }) => ({
    description: `run again on each save${use.of ? ` of ${use.of}` : ""}${use.for ? `, for ${use.for}` : ""} (Ctrl-C exits 0)`,
  })),
  /** Goes past the check that would refuse; what that check is differs by command, so each says it. */
  force: defineOption("--force", ({ does }: { does: string }) => ({ description: does })),
  /** Does everything but the change; each command says what it still does. */
  dryRun: defineOption("--dry-run", ({ does }: { does: string }) => ({ description: `${does}; change nothing` })),
};
