// The one registry of findings formatters: the name `--format` takes -> its module, imported only when that name is used.
import type { Formatter } from "./result.js";

// why: a CLI run loads only the formatter it prints with (validate's start), so each entry imports its own module.
const LOADERS = {
  stylish: async () => (await import("./stylish.js")).formatStylish,
  json: async () => (await import("./json.js")).formatJson,
  sarif: async () => (await import("./sarif.js")).formatSarif,
  github: async () => (await import("./github.js")).formatGithub,
} satisfies Record<string, () => Promise<Formatter>>;

/** A findings formatter's name. */
export type DiagnosticFormatterName = keyof typeof LOADERS;

/** The names `loadDiagnosticFormatter` knows, in the order help lists them (`diagnosticFormatters` is typed against them). */
export const DIAGNOSTIC_FORMATTER_NAMES = Object.keys(LOADERS) as DiagnosticFormatterName[];

/** The formatter called `name` (stylish for a name it does not know); a CLI that prints one report loads one module instead of all of them. */
export async function loadDiagnosticFormatter(name: DiagnosticFormatterName): Promise<Formatter> {
  return (Object.hasOwn(LOADERS, name) ? LOADERS[name] : LOADERS.stylish)();
}
