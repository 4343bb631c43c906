// `pathway diagram`: flags -> drawFiles -> stdout, messages on stderr -> exit code.
import { escapeTerminalText } from "../../escape/terminal.js";
import type { Command } from "commander";
import pc from "picocolors";
import { DIAGRAM_FORMATS, drawFiles, listPaths, type DrawFilesOptions } from "../../engine/review/draw-files.js";
import { requireInputs } from "../exit.js";
import type { CliIo } from "../io.js";
import { useColor } from "../io.js";
import { option } from "../options/index.js";
import { createProgressReporter } from "../progress.js";
import { startStatusLine } from "../status-line.js";

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
    .addOption(option("format", { formats: DIAGRAM_FORMATS }))
    .addOption(
      option("output", {
        writes: "the diagram to this file, or the diagrams into this directory (several inputs, or a path ending in /)",
        value: "path",
        note: "- for stdout",
      }),
    )
    .addOption(option("direction"))
    .addOption(option("maxLabel"))
    .addOption(option("focus"))
    .addOption(option("depth"))
    .addOption(option("base", { shows: "draw only what changed and its neighbours" }))
    .addOption(option("context", { around: "neighbourhood" }))
    .addOption(option("annotate"))
    .addOption(option("merge"))
    .addOption(option("engine", { for: "diagram" }))
    .addOption(option("timeout", { of: "image" }))
    .addOption(option("color"))
    .addOption(option("noColor"))
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
        io.stderr.write(
          `pathway: ${p.severity === "error" ? c.red(message) : p.severity === "warning" ? `${c.yellow("warning:")} ${message}` : `note: ${message}`}\n`,
        );
      }
      for (const chunk of result.stdout) io.stdout.write(chunk);
      if (result.written.length > 1)
        io.stderr.write(
          `pathway: wrote ${result.written.length} ${options.format === "mermaid" || options.format === "md" || options.format === "dot" || options.format === "json" ? "diagrams" : `${options.format} files`}: ${escapeTerminalText(listPaths(result.written))}\n`,
        );
      io.setExitCode(result.exitCode);
    });
}
