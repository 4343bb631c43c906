// `pathway report`: one pathway as a self-contained offline HTML review page (graph, findings, diff, coverage).
import { toJsonText } from "../../escape/json.js";
import { escapeTerminalText } from "../../escape/terminal.js";
import { toCount } from "../../escape/count.js";
import type { Command } from "commander";
import path from "node:path";
import pc from "picocolors";
import { createReport } from "../../engine/review/create-report.js";
import { EXIT, ExitError } from "../exit.js";
import type { CliIo } from "../io.js";
import { useColor } from "../io.js";
import { option } from "../options/index.js";
import { writeOutput } from "../output.js";
import { startStatusLine } from "../status-line.js";
import { refuseUnwatchable, WATCH_HELP } from "../watch.js";
import { watchReport } from "../report-watch.js";

interface ReportCommandOptions {
  output?: string;
  base?: string;
  coverage?: string;
  scenarios?: string;
  calls?: string[];
  pathwayId?: string;
  config?: string;
  engine: "auto" | "elk" | "ranks";
  /** Milliseconds. */
  timeout: number;
  format: "text" | "json";
  color?: boolean;
  watch?: boolean;
  serve?: boolean;
  port?: number;
}

/** Registers `pathway report` on the program. */
export function register(program: Command, io: CliIo): void {
  program
    .command("report")
    .description("write one pathway as a self-contained HTML review page: searchable graph, node details, lint findings, diff and coverage")
    .argument("<pathway>", "the pathway file, or - for stdin (then -o is needed)")
    .addOption(option("output", { writes: "the page to this file", default: "<name>.report.html beside the pathway" }))
    .addOption(option("base", { shows: "colour what was added, renamed or changed; list what was removed" }))
    .addOption(option("coverage", { from: "file" }))
    .addOption(option("scenarios"))
    .addOption(option("calls"))
    .addOption(option("pathwayId", { with: "--calls", so: "calls of other pathways are not mapped" }))
    .addOption(option("config", { for: "the lint findings" }))
    .addOption(option("engine", { for: "report" }))
    .addOption(option("timeout", { of: "layout" }))
    .addOption(option("format", { formats: ["text", "json"], of: "the summary printed", note: "the page itself is HTML" }))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addOption(option("watch", { of: "the pathway, --base, --coverage, --scenarios or a config" }))
    .addOption(option("serve"))
    .addOption(option("port", { for: "serve" }))
    .addHelpText(
      "after",
      `
The page needs nothing else: its script and style are inside it, it loads nothing from the network (its
Content-Security-Policy forbids it), and it opens from a file:// URL or as a CI artifact. Pathway text is only
ever shown as text; secrets are masked: every header value (both forms), credential keys, the same in JSON held in
strings, URL credentials and query secrets (listed at
https://github.com/pathwaykit/pathwaykit/blob/main/docs/report.md#masked-values).

In the page: search (/) by node name, id or text; click or Tab + Enter to select; arrow keys pan, + and - zoom,
f (or "Fit all") fits the whole graph, nothing faded; "Colour by" switches between node types, changes (--base)
and coverage. With --base the page opens on the change: the changed nodes and their neighbours, readable, the rest
faded (c switches the fading). A hub's panel lists the nodes whose edges diagrams draw as stubs beside them.

${WATCH_HELP}
--serve (implies --watch) prints the page's address, http://127.0.0.1:<port>/, on stderr; it answers only on that
loopback address, and the page it serves may connect to that server's reload events (its CSP allows just that).

Exit codes: 0 written (findings do not fail a report; use pathway lint for that), 2 usage error, an input that
cannot be read or is not a pathway, a layout that timed out, or an output that could not be written; with --watch or
--serve, 0 when stopped with Ctrl-C.

Examples:
  $ pathway report pathways/support.json -o support.html
  $ pathway report support.json --base support.old.json -o review.html
  $ pathway test --coverage --format json > coverage.json && pathway report support.json --coverage coverage.json
  $ pathway report support.json --scenarios test/scenarios/
  $ pathway report support.json --serve --port 8123
  $ pathway report support.json --calls calls/`,
    )
    .action(async (file: string, options: ReportCommandOptions) => {
      if (options.port !== undefined && !options.serve) throw new ExitError(EXIT.failure, "--port is the port of --serve: add --serve.");
      if (!options.watch && !options.serve) {
        io.setExitCode(await runReport(file, options, io));
        return;
      }
      refuseUnwatchable([file]);
      const sources = [file, options.base, options.coverage, options.config, ...(options.calls ?? [])];
      await watchReport(
        { sources, scenarios: options.scenarios, json: options.format === "json", serve: options.serve === true, port: options.port },
        io,
        (runIo, onWritten) => runReport(file, options, runIo, (result) => onWritten(result.data)),
      );
    });
}

async function runReport(
  file: string,
  options: ReportCommandOptions,
  io: CliIo,
  onWritten?: (result: Awaited<ReturnType<typeof createReport>>) => void,
): Promise<number> {
  if (file === "-" && options.output === undefined)
    throw new ExitError(EXIT.failure, "A pathway read from stdin needs a place for its report: name a file with -o <file>.");
  const stop = startStatusLine(io, `pathway: laying out ${file}…`);
  let result: Awaited<ReturnType<typeof createReport>>;
  try {
    result = await createReport(io.host, file, {
      ...(options.base !== undefined && { base: options.base }),
      ...(options.coverage !== undefined && { coverage: options.coverage }),
      ...(options.scenarios !== undefined && { scenarios: options.scenarios }),
      ...(options.calls !== undefined && { calls: options.calls, ...(options.pathwayId !== undefined && { pathwayId: options.pathwayId }) }),
      ...(options.config !== undefined && { config: options.config }),
      layout: { engine: options.engine, timeoutMs: options.timeout },
      onNotice: (message) =>
        io.stderr.write(`pathway: ${pc.createColors(useColor(options.color, io, io.stderr)).yellow("warning:")} ${escapeTerminalText(message)}\n`),
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
  onWritten?.(result);
  const s = result.summary;
  if (options.format === "json") io.stdout.write(toJsonText({ output, ...s }));
  else {
    const c = pc.createColors(useColor(options.color, io));
    io.stdout.write(
      `${c.green("✔")} wrote ${output}: ${toCount(s.nodes, "node")}, ${toCount(s.edges, "edge")}, ${toCount(s.findings, "finding")}${s.diff ? ", diff" : ""}${s.coverage ? ", coverage" : ""} (layout: ${s.engine})\n`,
    );
  }
  return EXIT.ok;
}
