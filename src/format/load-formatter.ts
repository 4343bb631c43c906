// Loads one findings formatter by the name `--format` takes, importing only that formatter's module.
import type { Formatter } from "./result.js";

/** The names `loadDiagnosticFormatter` knows (the same as `diagnosticFormatters`' keys). */
export const DIAGNOSTIC_FORMATTER_NAMES = ["stylish", "json", "sarif", "github"] as const;

/** The formatter called `name`; a CLI that prints one report loads one module instead of all of them. */
export async function loadDiagnosticFormatter(name: (typeof DIAGNOSTIC_FORMATTER_NAMES)[number]): Promise<Formatter> {
  switch (name) {
    case "json":
      return (await import("./json.js")).formatJson; // why: a CLI run loads only the formatter it prints with (validate's start)
    case "sarif":
      return (await import("./sarif.js")).formatSarif; // why: a CLI run loads only the formatter it prints with (validate's start)
    case "github":
      return (await import("./github.js")).formatGithub; // why: a CLI run loads only the formatter it prints with (validate's start)
    default:
      return (await import("./stylish.js")).formatStylish; // why: a CLI run loads only the formatter it prints with (validate's start)
  }
}
