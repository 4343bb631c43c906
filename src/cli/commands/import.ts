// `pathway import`: turns a pathway JSON file into builder TypeScript (codegen and ts-morph are loaded lazily).
import type { Command } from "commander";
import { countBySeverity } from "../../diagnostics/index.js";
import { diagnosticFormatters } from "../../format/index.js";
import { parseDocument } from "../../parse/index.js";
import { validateValue } from "../../validate/index.js";
import { EXIT, ExitError } from "../exit.js";
import { readInputs } from "../../engine/inputs.js";
import { useColor, type CliIo } from "../io.js";

interface ImportOptions {
  out?: string;
  importFrom: string;
  color?: boolean;
}

/** Registers `pathway import`. */
export function register(program: Command, io: CliIo): void {
  program
    .command("import")
    .description("generate builder TypeScript from a pathway JSON file (round trip: build gives back the same JSON)")
    .argument("<input>", "pathway JSON file, or - for stdin")
    .option("-o, --out <file.ts>", "write the module to this file (default: stdout)")
    .option("--import-from <specifier>", "module the generated code imports the builder from", "pathwaykit")
    .option("--color", "force colours in error output even when not writing to a terminal")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addHelpText(
      "after",
      `
The generated module default-exports a builder: helpers (defaultNode, endCall, transfer, knowledgeBase, webhook,
node) where they fit, long texts as named template-literal constants, and every field without a helper carried
through the typed escape hatches (data, fields, rawNode, rawEntry, rawEdge), so nothing is lost.
\`pathway build\` on the result writes back the same JSON value in canonical form.

Exit codes: 0 written, 2 the input cannot be read or is not a JSON pathway object.

Examples:
  $ pathway import exported.json -o pathways/support.pathway.ts
  $ curl -s "$URL" | pathway import - > pathway.ts
  $ pathway import pathway.json --import-from ../src/builder/index.js`,
    )
    .action(async (input: string, options: ImportOptions) => {
      const [read] = await readInputs(io.host, "pathway", [input]);
      if (!read || read.problem !== undefined || !read.bytes) throw new ExitError(EXIT.failure, read?.problem?.message ?? `${input}: cannot be read.`);
      const parsed = parseDocument(read.bytes);
      if (!parsed.ok) {
        // stdout may be the destination of the code, so the findings go to stderr.
        const color = options.color ?? (io.stderr.isTTY === true && useColor(undefined, io));
        io.stderr.write(diagnosticFormatters.stylish!([{ filePath: read.path, diagnostics: parsed.diagnostics, text: parsed.text }], { color }));
        throw new ExitError(EXIT.failure, `${read.path} cannot be parsed as JSON; fix the problem above, then import again.`);
      }
      const { toBuilderCode } = await import("../../codegen/index.js");
      let code: string;
      try {
        code = await toBuilderCode(parsed.value, { importFrom: options.importFrom });
      } catch (error) {
        if (error instanceof TypeError || error instanceof RangeError) throw new ExitError(EXIT.failure, `${read.path}: ${error.message}`);
        throw error;
      }
      if (options.out !== undefined) {
        await io.host.writeFile(options.out, code);
        io.stderr.write(`wrote ${options.out}\n`);
      } else io.stdout.write(code);
      const { errorCount, warningCount } = countBySeverity(validateValue(parsed.value));
      if (errorCount + warningCount > 0) {
        io.stderr.write(
          `note: ${read.path} has ${errorCount} error(s) and ${warningCount} warning(s); \`pathway build\` reports them at the TypeScript line that declares each node or edge.\n`,
        );
      }
    });
}
