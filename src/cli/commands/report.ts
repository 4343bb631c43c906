// `pathway report`: one pathway as a self-contained offline HTML review page (graph, findings, diff, coverage).
import { escapeTerminalText } from "../../escape/terminal.js";
import type { Command } from "commander";
import { Option } from "commander";
import path from "node:path";
import pc from "picocolors";
import { createReport } from "../../engine/report.js";
import { parseDuration } from "../duration.js";
import { EXIT, ExitError } from "../exit.js";
import type { CliIo } from "../io.js";
import { useColor } from "../io.js";
import { writeOutput } from "../output.js";
import { startStatusLine } from "../status-line.js";
import { createFormatOption } from "../format-option.js";

interface ReportCommandOptions {
  output?: string;
  base?: string;
  coverage?: string;
  scenarios?: string;
  config?: string;
  engine: "auto" | "elk" | "ranks";
  /** Milliseconds. */
  timeout: number;
  format: "text" | "json";
  color?: boolean;
}


/** Registers `pathway report` on the program. */
export function register(program: Command, io: CliIo): void {
  program
    .command("report")
    .description("write one pathway as a self-contained HTML review page: searchable graph, node details, lint findings, diff and coverage")
    .argument("<pathway>", "the pathway file, or - for stdin (then -o is needed)")
    .option("-o, --output <file>", "where to write the page (default: <name>.report.html beside the pathway)")
    .option("--base <file|remote:id>", "an older version (a file, or remote:<id> with PATHWAYKIT_API_KEY): colour what was added, renamed or changed; list what was removed")
    .option("--coverage <file>", "coverage from `pathway test --coverage --format json`: colour covered, untested and unreachable parts")
    .option("--scenarios <dir>", "run the scenario files in this directory on the pathway and show their coverage")
    .option("-c, --config <file>", "lint with this config file instead of the nearest pathway.config.json")
    .addOption(new Option("--engine <name>", "layout: elk (layered), ranks (instant, for huge graphs), auto: elk up to 8,000 nodes + edges (no graphviz: measured too slow with labels)").choices(["auto", "elk", "ranks"]).default("auto"))
    .addOption(new Option("--timeout <duration>", "give up on the layout after this long: 90s, 3m (a bare number is seconds)").argParser(parseDuration()).default(180_000, "3m"))
    .addOption(createFormatOption(["text", "json"], "what to print: a one-line summary, or the summary as JSON"))
    .option("--color", "force colours even when not writing to a terminal")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addHelpText(
      "after",
      `
The page needs nothing else: its script and style are inside it, it loads nothing from the network (its
Content-Security-Policy forbids it), and it opens from a file:// URL or as a CI artifact. Pathway text is only
ever shown as text; secrets are masked: every header value (both forms), credential keys, the same in JSON held in
strings, URL credentials and query secrets (README lists them).

In the page: search (/) by node name, id or text; click or Tab + Enter to select; arrow keys pan, + and - zoom,
f (or "Fit all") fits the whole graph; "Colour by" switches between node types, changes (--base) and coverage.
With --base the page opens on the change: the changed nodes and their neighbours, readable.

Exit codes: 0 written (findings do not fail a report; use pathway lint for that), 2 usage error, an input that
cannot be read or is not a pathway, a layout that timed out, or an output that could not be written.

Examples:
  $ pathway report pathways/support.json -o support.html
  $ pathway report support.json --base support.old.json -o review.html
  $ pathway test --coverage --format json > coverage.json && pathway report support.json --coverage coverage.json
  $ pathway report support.json --scenarios test/scenarios/`,
    )
    .action(async (file: string, options: ReportCommandOptions) => {
      io.setExitCode(await runReport(file, options, io));
    });
}

async function runReport(file: string, options: ReportCommandOptions, io: CliIo): Promise<number> {
  if (file === "-" && options.output === undefined) throw new ExitError(EXIT.failure, "A pathway read from stdin needs a place for its report: name a file with -o <file>.");
  const stop = startStatusLine(io, `pathway: laying out ${file}…`);
  let result: Awaited<ReturnType<typeof createReport>>;
  try {
    result = await createReport(io.host, file, {
      ...(options.base !== undefined && { base: options.base }),
      ...(options.coverage !== undefined && { coverage: options.coverage }),
      ...(options.scenarios !== undefined && { scenarios: options.scenarios }),
      ...(options.config !== undefined && { config: options.config }),
      layout: { engine: options.engine, timeoutMs: options.timeout },
      onNotice: (message) => io.stderr.write(`pathway: ${pc.createColors(useColor(options.color, io, io.stderr)).yellow("warning:")} ${escapeTerminalText(message)}\n`),
    });
  } catch (error) {
    if (error instanceof Error && /did not finish within/.test(error.message)) {
      throw new ExitError(EXIT.failure, `${file}: ${error.message}; raise --timeout or use --engine ranks.`, "input");
    }
    throw error;
  } finally {
    stop();
  }
  const output = options.output ?? path.join(path.dirname(file), `${path.basename(file).replace(/\.json$/i, "")}.report.html`);
  if (output === "-") throw new ExitError(EXIT.failure, "-o -: the report is a file to open in a browser; name one, e.g. -o report.html.");
  await writeOutput(io, output, result.html);
  const s = result.summary;
  if (options.format === "json") io.stdout.write(`${JSON.stringify({ output, ...s }, null, 2)}\n`);
  else {
    const c = pc.createColors(useColor(options.color, io));
    io.stdout.write(`${c.green("✔")} wrote ${output}: ${s.nodes} nodes, ${s.edges} edges, ${s.findings} findings${s.diff ? ", diff" : ""}${s.coverage ? ", coverage" : ""} (layout: ${s.engine})\n`);
  }
  return EXIT.ok;
}
