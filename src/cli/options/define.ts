// The option table's building blocks: how an entry is declared, and the one factory that turns it into a marked commander Option.
import { Option } from "commander";

/** A value parser as commander calls it: the text given and the value so far (repeatable options collect it). */
export type ValueParser = (value: string, previous: never) => unknown;

/** Everything the table says about one option as a command uses it; every field but the description is optional. */
export interface OptionSpec {
  /** The help line. */
  description: string;
  /** The value's name in the flags, replacing (or, on a switch, adding) the entry's `<...>`: `dir` turns `-o, --output <file>` into `-o, --output <dir>`. */
  value?: string;
  /** Turns the text given into the option's value; a thrown InvalidArgumentError is a usage error naming the flag. */
  parse?: ValueParser;
  /** The values accepted (commander refuses others); `parse` then sees only these. */
  choices?: readonly string[];
  /** The value when the flag is not given. */
  default?: unknown;
  /** How `--help` shows the default when the value itself would not say it (`30s` for 30000). */
  defaultText?: string;
  /** The command refuses to run without it. */
  required?: boolean;
  /**
   * The environment variable read when the flag is not given. The command resolves it through its io (never
   * commander, which reads process.env), and the description names it, so --help says it.
   */
  env?: string;
  /** Values shell completion offers after the flag without restricting what is accepted (rule ids for --rule). */
  completes?: readonly string[];
  /** The value is the file the command's report goes to, so a fatal error's JSON document goes there too. */
  reportOutput?: boolean;
}

/** One entry: the flags, and what the option is, fixed or as a function of a command's refinement (`Args`). */
export interface OptionEntry<Args extends unknown[]> {
  /** Commander's flags: `-o, --output <file>`, `--no-manifest`, `--rule <id:severity...>`. */
  flags: string;
  /** The spec for a command's refinement (no arguments for a fixed entry). */
  spec: (...args: Args) => OptionSpec;
  /** For an old spelling kept working: the attribute (`pathwayId`) it sets, the one the entry it stands for sets. */
  aliasOf?: string;
}

/**
 * An entry: its flags, and its spec as a function of a command's refinement. A fixed entry's function takes nothing;
 * a refinable one's takes what the entry lets a command say (a noun, which of the uses it declares), never the flags
 * or the parser. A function even when fixed: a run evaluates only the entries its command picks (every command loads
 * the table, and evaluating all of it cost about half a millisecond of each start).
 */
export function defineOption<Args extends unknown[]>(flags: string, spec: (...args: Args) => OptionSpec): OptionEntry<Args> {
  return { flags, spec };
}

/**
 * An old spelling, hidden from --help and completion, that sets the attribute `target` (the option it stands for),
 * so a command reads one value whichever spelling was used.
 */
export function defineAlias(flags: string, target: string, spec: Omit<OptionSpec, "description"> = {}): OptionEntry<[]> {
  return { flags, spec: () => ({ ...spec, description: "" }), aliasOf: target };
}

const TABLE = Symbol("option table");

/** What a table-made Option carries: the entry's name, the refinement it was made with, and its spec. */
export interface TableMark {
  name: string;
  args: readonly unknown[];
  spec: OptionSpec;
  aliasOf?: string;
}

/** A commander Option made from the table; an alias stores its value under the attribute of the option it stands for. */
class TableOption extends Option {
  readonly [TABLE]: TableMark;

  constructor(flags: string, description: string, mark: TableMark) {
    super(flags, description);
    this[TABLE] = mark;
  }

  override attributeName(): string {
    return this[TABLE].aliasOf ?? super.attributeName();
  }
}

/** `flags` with its value named `value`: the `<...>` (or `[...]`) replaced, or added to a switch. */
function withValueName(flags: string, value: string | undefined): string {
  if (value === undefined) return flags;
  return /[<[][^>\]]*[>\]]/.test(flags) ? flags.replace(/([<[])[^>\]]*?(\.\.\.)?([>\]])/, `$1${value}$2$3`) : `${flags} <${value}>`;
}

/** The commander Option for entry `name` of the table, as `args` refine it. The only place an Option is made. */
export function createOption<Args extends unknown[]>(name: string, entry: OptionEntry<Args>, args: Args): Option {
  const spec = entry.spec(...args);
  const mark: TableMark = { name, args, spec, ...(entry.aliasOf !== undefined && { aliasOf: entry.aliasOf }) };
  const option = new TableOption(withValueName(entry.flags, spec.value), spec.description, mark);
  if (spec.choices) option.choices(spec.choices);
  if (spec.parse) {
    // After the choices check (commander's own parser), so a parser sees only an accepted value.
    const check = option.parseArg;
    const parse = spec.parse as (value: string, previous: unknown) => unknown;
    option.argParser((value: string, previous: unknown) => parse(check ? (check(value, previous) as string) : value, previous));
  }
  if (spec.default !== undefined) option.default(spec.default, spec.defaultText);
  if (spec.required) option.makeOptionMandatory();
  if (entry.aliasOf !== undefined) option.hideHelp();
  return option;
}

/** The table's mark on `option`: which entry made it and how; undefined for an Option made by hand. */
export function getTableMark(option: Option): TableMark | undefined {
  return (option as Partial<TableOption>)[TABLE];
}
