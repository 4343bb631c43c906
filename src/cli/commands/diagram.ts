// `pathway diagram`: flags -> drawFiles -> stdout, messages on stderr -> exit code.
import { escapeTerminalText } from "../../escape/terminal.js";
import type { Command } from "commander";
import { Option } from "commander";
import pc from "picocolors";
import { DIAGRAM_ENGINES, DIAGRAM_FORMATS, drawFiles, listPaths, type DrawFilesOptions } from "../../engine/review/draw-files.js";
import { parseCount } from "../check-files.js";
import { parseDuration } from "../duration.js";
import { requireInputs } from "../exit.js";
import { createFormatOption } from "../format-option.js";
import type { CliIo } from "../io.js";
import { useColor } from "../io.js";
import { createProgressReporter } from "../progress.js";
import { startStatusLine } from "../status-line.js";
import { sharedOption } from "../shared-options.js";

interface DiagramCommandOptions extends DrawFilesOptions {
  color?: boolean;
  /** --timeout, in milliseconds. */
  timeout: number;
}

/** Registers `pathway diagram` on the program. */
export function register(program: Command, io: CliIo): void {
  program
    .command("diagram")
    .description("draw pathways for review: Mermaid, Graphviz DOT, a Markdown pull-request comment, or SVG/PNG/PDF images")
    .argument("[inputs...]", "pathway files, directories (searched for *.json), globs, or - for stdin")
    .addOption(createFormatOption(DIAGRAM_FORMATS))
    .option("-o, --output <path>", "output file, or directory (several inputs, or a path ending in /); - for stdout")
    .addOption(new Option("--direction <dir>", "layout direction: top-bottom or left-right").choices(["TB", "LR"]).default("TB"))
    .addOption(new Option("--max-label <n>", "cut labels longer than n characters, full text in a numbered legend (0: never)").argParser(parseCount).default(40))
    .option("--focus <node>", "draw only the neighbourhood of this node (id or name)")
    .addOption(new Option("--depth <n>", "steps around --focus (default 2) or the changed nodes of --base (default 1), following edges either way").argParser(parseCount))
    .option("--base <file|remote:id>", "an older version (a file, or remote:<id> with PATHWAYKIT_API_KEY): draw only what changed and its neighbours")
    .addOption(new Option("--context <how>", "with --base or --focus, the rest of the pathway: omit (draw only the neighbourhood) or fade (draw it all, the rest pale)").choices(["omit", "fade"]))
    .option("--annotate", "mark unreachable nodes, dead ends and traps")
    .option("--no-merge", "draw every edge: no counted lines for parallel edges, no stubs for edges into hubs")
    .addOption(new Option("--engine <name>", "image layout: mermaid (browser), elk (layered, in Node), ranks (instant, for huge graphs), auto: mermaid when small; no graphviz (see below)").choices([...DIAGRAM_ENGINES]).default("auto"))
    .addOption(new Option("--timeout <duration>", "give up on one image's layout or render after this long: 90s, 3m (a bare number is seconds)").argParser(parseDuration()).default(180_000, "3m"))
    .addOption(sharedOption("color"))
    .addOption(sharedOption("noColor"))
    .addHelpText(
      "after",
      `
Shapes: rectangle step, rounded End Call, double-sided transfer, hexagon webhook, cylinder knowledge base,
diamond Route; dotted arrows are Route and webhook response conditions; global nodes sit in their own box.

Images: up to 150 nodes + edges Mermaid draws them (--engine auto); larger ones are laid out by ELK in Node
(ranks beyond 8,000 nodes + edges; beyond 600 edges ELK places nodes by a spanning tree and draws the other edges
straight) and written as SVG directly, with the legend below the picture and global nodes in a box beside it (their
edges listed there). Mermaid's pictures get the legend and the note on global nodes below them too, outside the
flow. --engine graphviz is not offered: Graphviz dot compiled to WebAssembly did not lay out 500 nodes with 1,500
labelled edges within 120 s here; for a Graphviz picture, write --format dot and run dot yourself.
A slow layout is announced first; --timeout bounds each image. PNG and PDF of any engine are
rendered by a headless Chromium: PATHWAYKIT_CHROMIUM, else
PUPPETEER_EXECUTABLE_PATH, else /usr/bin/chromium (Debian/Ubuntu: apt-get install chromium). One browser draws
every file. Without a browser the Mermaid text is written instead (<name>.mmd) and the exit code is 2.
Without -o, images are written beside each input (pathways/a.json -> pathways/a.svg); text goes to stdout.

Dense pathways: parallel edges are drawn as one line with their count, and edges into a hub (a node entered from
10 or more others: End Call, a transfer, an objection) as a stub beside each source ("→ Objection: price"), the hub
drawn once with its count; every merge is listed in the legend. --no-merge draws every edge.

GitHub draws at most 500 edges and 50,000 characters of Mermaid; over that, --format md draws the changed nodes
(--base) or the start node with the largest neighbourhood that fits, and says what it left out.

Exit codes: 0 drawn, 1 Mermaid could not draw a file, 2 usage error, unreadable input, a file that is not a
pathway, no browser, or an output that could not be written. Other files are still drawn.

Examples:
  $ pathway diagram pathways/support.json                      # Mermaid text on stdout
  $ pathway diagram pathways/support.json -f md > comment.md   # for a pull-request comment
  $ pathway diagram pathways/ -f svg -o diagrams/              # every pathway, one browser
  $ pathway diagram big.json -f png --focus "Book Appointment" --depth 2 --annotate -o book.png
  $ pathway diagram sales.json -f md --base sales.old.json > review.md   # the change and its neighbours
  $ pathway diagram sales.json -f svg --base sales.old.json --context fade -o review.svg   # all of it, the rest faded
  $ pathway diagram support.json -f dot | dot -Tsvg > support.svg`,
    )
    .action(async (args: string[], options: DiagramCommandOptions) => {
      requireInputs(args);
      const progress = createProgressReporter(io, `rendering ${options.format}`);
      // Messages go to stderr, so a terminal there (not on stdout, often piped) decides.
      const c = pc.createColors(useColor(options.color, io, io.stderr));
      const { timeout, ...rest } = options;
      const result = await drawFiles(io.host, args, {
        ...rest,
        timeoutMs: timeout,
        onProgress: progress.report,
        onNotice: (p) => io.stderr.write(`pathway: ${c.yellow("warning:")} ${escapeTerminalText(p.message)}\n`),
        onSlowStep: (text) => startStatusLine(io, text),
      }).finally(progress.stop);
      for (const p of result.problems) {
        const message = escapeTerminalText(p.message);
        io.stderr.write(`pathway: ${p.severity === "error" ? c.red(message) : p.severity === "warning" ? `${c.yellow("warning:")} ${message}` : `note: ${message}`}\n`);
      }
      for (const chunk of result.stdout) io.stdout.write(chunk);
      if (result.written.length > 1) io.stderr.write(`pathway: wrote ${result.written.length} ${options.format === "mermaid" || options.format === "md" || options.format === "dot" || options.format === "json" ? "diagrams" : `${options.format} files`}: ${escapeTerminalText(listPaths(result.written))}\n`);
      io.setExitCode(result.exitCode);
    });
}
