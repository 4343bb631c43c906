// Loads one findings formatter by the name `--format` takes, importing only that formatter's module.
import type { Formatter } from "./result.js";

/** The names `loadDiagnosticFormatter` knows (the same as `diagnosticFormatters`' keys). */
export const DIAGNOSTIC_FORMATTER_NAMES = ["stylish", "json", "sarif", "github"] as const;

/** The formatter called `name`; a CLI that prints one report loads one module instead of all of them. */
export async function loadDiagnosticFormatter(name: (typeof DIAGNOSTIC_FORMATTER_NAMES)[number]): Promise<Formatter> {
  switch (name) {
    case "json":
      return (await import("./json.js")).formatJson;
    case "sarif":
      return (await import("./sarif.js")).formatSarif;
    case "github":
      return (await import("./github.js")).formatGithub;
    default:
      return (await import("./stylish.js")).formatStylish;
  }
}
