// `pathway diagram`: pathway files to Mermaid, DOT, Markdown, or SVG/PNG/PDF rendered in one shared Chromium.
import type { Command } from "commander";
import { Option } from "commander";
import path from "node:path";
import { stat } from "node:fs/promises";
import pc from "picocolors";
import type { DiagramDirection, DirectedGraph } from "../../export/index.js";
import { parseCount } from "../check-files.js";
import { EXIT, ExitError } from "../exit.js";
import { readInputs, type ReadInput } from "../../engine/inputs.js";
import type { CliIo } from "../io.js";
import { useColor } from "../io.js";
import { createProgress } from "../progress.js";

/** Output formats of `pathway diagram`. */
export const DIAGRAM_FORMATS = ["mermaid", "dot", "md", "svg", "png", "pdf", "json"] as const;
type DiagramFormat = (typeof DIAGRAM_FORMATS)[number];
type ImageFormat = "svg" | "png" | "pdf";

const EXTENSIONS: Record<DiagramFormat, string> = {
  mermaid: ".mmd",
  dot: ".dot",
  md: ".md",
  svg: ".svg",
  png: ".png",
  pdf: ".pdf",
  json: ".graph.json",
};

interface DiagramCommandOptions {
  format: DiagramFormat;
  output?: string;
  direction: DiagramDirection;
  maxLabel: number;
  focus?: string;
  depth?: number;
  annotate?: boolean;
  color?: boolean;
}

/** One pathway drawn: its input, Mermaid text, the text of the chosen format (text formats), and where it goes. */
interface Drawing {
  input: ReadInput;
  graph: DirectedGraph;
  mermaid: string;
  text?: string;
  target?: string;
}

function isImage(format: DiagramFormat): format is ImageFormat {
  return format === "svg" || format === "png" || format === "pdf";
}

function stripJson(file: string): string {
  return path.basename(file).replace(/\.json$/i, "");
}

function list(paths: readonly string[]): string {
  return paths.length <= 4 ? paths.join(", ") : `${paths.slice(0, 3).join(", ")} and ${paths.length - 3} more`;
}

/**
 * Decides where each drawing goes: "-" or nothing (text formats) is stdout; an existing directory, a path ending in
 * "/" or several inputs make `-o` a directory; otherwise `-o` is the file. Images without `-o` go beside their input.
 */
async function planTargets(drawings: Drawing[], options: DiagramCommandOptions, io: CliIo): Promise<"stdout" | "files"> {
  const output = options.output;
  const format = options.format;
  if (output === "-" || (output === undefined && !isImage(format))) {
    if (drawings.length > 1 && (format === "mermaid" || isImage(format))) {
      throw new ExitError(EXIT.failure, `${drawings.length} pathways cannot share one ${format === "mermaid" ? "Mermaid text" : "image"} on stdout; write them to a directory with -o <dir>.`);
    }
    return "stdout";
  }
  if (output === undefined) {
    for (const d of drawings) {
      if (d.input.path === "<stdin>") throw new ExitError(EXIT.failure, `A ${format} read from stdin needs a place to go: name a file with -o <file>, or -o - for stdout.`);
      d.target = path.join(path.dirname(d.input.path), stripJson(d.input.path) + EXTENSIONS[format]);
    }
    return "files";
  }
  let isDirectory = output.endsWith("/") || output.endsWith(path.sep);
  try {
    isDirectory ||= (await stat(path.resolve(io.cwd, output))).isDirectory();
  } catch {
    // Not there yet: a file, unless named as a directory above.
  }
  if (!isDirectory && drawings.length > 1) {
    if (path.extname(output) !== "") {
      throw new ExitError(EXIT.failure, `-o ${output}: ${drawings.length} pathways need a directory, one file each; name one (e.g. -o diagrams/).`);
    }
    isDirectory = true;
  }
  if (!isDirectory) {
    if (drawings[0]) drawings[0].target = output;
    return "files";
  }
  const used = new Set<string>();
  for (const d of drawings) {
    const base = d.input.path === "<stdin>" ? "stdin" : stripJson(d.input.path);
    let name = base + EXTENSIONS[format];
    for (let n = 2; used.has(name); n++) name = `${base}-${n}${EXTENSIONS[format]}`;
    used.add(name);
    d.target = path.join(output, name);
  }
  return "files";
}

export function register(program: Command, io: CliIo): void {
  program
    .command("diagram")
    .description("draw pathways for review: Mermaid, Graphviz DOT, a Markdown pull-request comment, or SVG/PNG/PDF images")
    .argument("[inputs...]", "pathway files, directories (searched for *.json), globs, or - for stdin")
    .addOption(new Option("-f, --format <name>", "output format").choices([...DIAGRAM_FORMATS]).default("mermaid"))
    .option("-o, --output <path>", "output file, or directory (several inputs, or a path ending in /); - for stdout")
    .addOption(new Option("--direction <dir>", "layout direction: top-bottom or left-right").choices(["TB", "LR"]).default("TB"))
    .addOption(new Option("--max-label <n>", "cut labels longer than n characters, full text in a numbered legend (0: never)").argParser(parseCount).default(40))
    .option("--focus <node>", "draw only the neighbourhood of this node (id or name)")
    .addOption(new Option("--depth <n>", "steps around --focus, following edges either way (default 2)").argParser(parseCount))
    .option("--annotate", "mark unreachable nodes, dead ends and traps")
    .option("--color", "force colours even when not writing to a terminal")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addHelpText(
      "after",
      `
Shapes: rectangle step, rounded End Call, double-sided transfer, hexagon webhook, cylinder knowledge base,
diamond Route; dotted arrows are Route and webhook response conditions; global nodes sit in their own box.

Images (svg, png, pdf) are rendered by Mermaid in a headless Chromium: PATHWAYKIT_CHROMIUM, else
PUPPETEER_EXECUTABLE_PATH, else /usr/bin/chromium (Debian/Ubuntu: apt-get install chromium). One browser draws
every file. Without a browser the Mermaid text is written instead (<name>.mmd) and the exit code is 2.
Without -o, images are written beside each input (pathways/a.json -> pathways/a.svg); text goes to stdout.

GitHub draws at most 500 edges and 50,000 characters of Mermaid; --format md warns when a diagram is larger:
draw part of it with --focus <node> --depth <n>.

Exit codes: 0 drawn, 1 Mermaid could not draw a file, 2 usage error, unreadable input, a file that is not a
pathway, no browser, or an output that could not be written. Other files are still drawn.

Examples:
  $ pathway diagram pathways/support.json                      # Mermaid text on stdout
  $ pathway diagram pathways/support.json -f md > comment.md   # for a pull-request comment
  $ pathway diagram pathways/ -f svg -o diagrams/              # every pathway, one browser
  $ pathway diagram big.json -f png --focus "Book Appointment" --depth 2 --annotate -o book.png
  $ pathway diagram support.json -f dot | dot -Tsvg > support.svg`,
    )
    .action(async (args: string[], options: DiagramCommandOptions) => {
      io.setExitCode(await runDiagram(args, options, io));
    });
}

async function runDiagram(args: string[], options: DiagramCommandOptions, io: CliIo): Promise<number> {
  if (args.length === 0) throw new ExitError(EXIT.failure, "No files given; name pathway files, directories or globs (or - for stdin).");
  if (options.depth !== undefined && options.focus === undefined) throw new ExitError(EXIT.failure, "--depth only applies with --focus <node>; add --focus or drop --depth.");
  const { findDiagramNode, getDiagramAnnotations, getMermaidLimitProblems, toDirectedGraph, toDot, toMarkdown, toMermaid } = await import("../../export/index.js");
  const { describeLoadFailure, parsePathwayInput } = await import("../../engine/load-pathway.js");
  // Messages go to stderr, so a terminal there (not on stdout, often piped) decides.
  const c = pc.createColors(useColor(options.color, { ...io, stdout: io.stderr }));
  let code: number = EXIT.ok;
  /** Files that could not be drawn, kept for `--format json` so a reader of stdout sees them too. */
  const errors: { filePath: string; error: string }[] = [];
  const fail = (exit: number, message: string, filePath?: string) => {
    io.stderr.write(`pathway: ${c.red(message)}\n`);
    if (filePath !== undefined) errors.push({ filePath, error: message });
    code = Math.max(code, exit);
  };

  const drawings: Drawing[] = [];
  for (const input of await readInputs(io.host, "pathway", args)) {
    const loaded = parsePathwayInput(input);
    const pathway = loaded.pathway;
    if (!pathway) {
      fail(EXIT.failure, describeLoadFailure(loaded), input.path);
      continue;
    }
    if (options.focus !== undefined) {
      const found = findDiagramNode(pathway, options.focus);
      if ("error" in found) {
        fail(EXIT.failure, `${input.path}: --focus: ${found.error}`, input.path);
        continue;
      }
    }
    const graph = toDirectedGraph(pathway, {
      direction: options.direction,
      maxLabel: options.maxLabel,
      ...(options.focus !== undefined && { focus: options.focus, depth: options.depth ?? 2 }),
      ...(options.annotate && { annotations: getDiagramAnnotations(pathway) }),
    });
    const mermaid = toMermaid(graph);
    const drawing: Drawing = { input, graph, mermaid };
    if (options.format === "mermaid") drawing.text = mermaid;
    else if (options.format === "dot") drawing.text = toDot(graph);
    else if (options.format === "md") {
      drawing.text = toMarkdown(graph);
      const block = toMermaid(graph, { legend: false });
      const problems = getMermaidLimitProblems(block, graph.edges.length);
      if (problems.length > 0) {
        io.stderr.write(
          `pathway: ${c.yellow("warning:")} ${input.path}: the diagram has ${problems.join(" and ")}, so GitHub will show an error instead of it. ` +
            "Draw part of it with --focus <node> --depth <n>, or attach an image (--format svg or png).\n",
        );
      }
    }
    drawings.push(drawing);
  }
  if (drawings.length === 0) {
    if (options.format === "json" && (options.output === undefined || options.output === "-")) io.stdout.write(`${JSON.stringify(errors, null, 2)}\n`);
    return code;
  }

  const where = await planTargets(drawings, options, io);
  const write = async (target: string, content: string | Uint8Array): Promise<boolean> => {
    try {
      await io.host.writeFile(target, content);
      return true;
    } catch (error) {
      fail(EXIT.failure, `${target}: cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check the path and permissions.`);
      return false;
    }
  };

  if (options.format === "json") {
    const data = [...drawings.map((d) => ({ filePath: d.input.path, graph: d.graph })), ...errors];
    if (where === "stdout") io.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
    else for (const d of drawings) await write(d.target!, `${JSON.stringify(d.graph, null, 2)}\n`);
    return code;
  }
  if (!isImage(options.format)) {
    if (where === "stdout") io.stdout.write(drawings.map((d) => d.text!).join("\n"));
    else {
      const written: string[] = [];
      for (const d of drawings) if (await write(d.target!, d.text!)) written.push(d.target!);
      if (drawings.length > 1 && written.length > 0) io.stderr.write(`pathway: wrote ${written.length} diagrams: ${list(written)}\n`);
    }
    return code;
  }
  return Math.max(code, await renderDrawings(drawings, options.format, where, io, fail, write));
}

/** Renders every drawing in one browser; without a browser, writes the Mermaid text instead and says how to get one. */
async function renderDrawings(
  drawings: Drawing[],
  format: ImageFormat,
  where: "stdout" | "files",
  io: CliIo,
  fail: (exit: number, message: string) => void,
  write: (target: string, content: string | Uint8Array) => Promise<boolean>,
): Promise<number> {
  const { BrowserUnavailableError, createDiagramRenderer, getBrowserLocation } = await import("../../render/index.js");
  let renderer: Awaited<ReturnType<typeof createDiagramRenderer>>;
  try {
    renderer = await createDiagramRenderer({ browser: getBrowserLocation(io.env) });
  } catch (error) {
    if (!(error instanceof BrowserUnavailableError)) throw error;
    const saved: string[] = [];
    for (const d of drawings) {
      const target = where === "stdout" ? (d.input.path === "<stdin>" ? "stdin.mmd" : stripJson(d.input.path) + ".mmd") : d.target!.replace(/\.(svg|png|pdf)$/i, "") + ".mmd";
      if (await write(target, d.mermaid)) saved.push(target);
    }
    fail(EXIT.failure, `${error.message}${saved.length > 0 ? `\nThe Mermaid text was written instead: ${list(saved)} (render it later with this command, or paste it into a Markdown mermaid block).` : ""}`);
    return EXIT.failure;
  }
  let code: number = EXIT.ok;
  const progress = await createProgress(io, { total: drawings.length, label: `rendering ${format}` });
  const written: string[] = [];
  const problems: string[] = [];
  try {
    for (const d of drawings) {
      if (d.graph.edges.length > 2000) problems.push(`note: ${d.input.path}: ${d.graph.edges.length} edges take a while to lay out; --focus <node> draws a readable part.`);
      try {
        const data = await renderer.render(d.mermaid, format);
        if (where === "stdout") io.stdout.write(data);
        else if (await write(d.target!, data)) written.push(d.target!);
      } catch (error) {
        problems.push(`${d.input.path}: Mermaid could not draw it: ${error instanceof Error ? error.message : String(error)}`);
        code = EXIT.findings;
      }
      progress.tick(d.input.path);
    }
  } finally {
    progress.stop();
    await renderer.close();
  }
  // Printed after the bar is gone, so messages and bar do not overwrite each other.
  for (const problem of problems) io.stderr.write(`pathway: ${problem}\n`);
  if (written.length > 0 && drawings.length > 1) io.stderr.write(`pathway: wrote ${written.length} ${format} files: ${list(written)}\n`);
  return code;
}
