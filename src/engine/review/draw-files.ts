// `drawFiles`: pathway files to Mermaid, DOT, Markdown, graph JSON, or SVG/PNG/PDF rendered in one shared Chromium, written where -o says.
import path from "node:path";
import type { DiagramContext, DiagramDirection, DirectedGraph } from "../../export/index.js";
import {
  findDiagramNode,
  getDiagramAnnotations,
  getGlobalsNote,
  getMermaidLimitProblems,
  getMermaidTooltips,
  simplifyGraph,
  toDirectedGraph,
  toDot,
  toMarkdown,
  toMermaid,
} from "../../export/index.js";
import { ELK_MAX_ITEMS } from "../../layout/limits.js";
import { BROWSER_INSTALL_HINT, BrowserUnavailableError, createDiagramRenderer, getBrowserLocation } from "../../render/index.js";
import { EngineError, createErrorObject, type ErrorCode } from "../../host/errors.js";
import { createMissingPackageError, isMissingOptionalPackage } from "../../host/optional-packages.js";
import { describeFsError } from "../../host/fs-errors.js";
import { toCount } from "../../escape/count.js";
import type { Host } from "../../host/host.js";
import type { ProgressEvent } from "../progress.js";
import { readInputs, STDIN } from "../project/inputs.js";
import { describeLoadFailure, getLoadFailureCode, parsePathwayInput } from "../project/load-pathway.js";
import { getSlowLayoutWarning } from "./slow-layout.js";
import { fitMermaidLimits, getChangedNodeIds } from "./diagram-focus.js";
import { diffVersions } from "../release/diff-versions.js";

/** Output formats of `drawFiles`. */
export const DIAGRAM_FORMATS = ["mermaid", "dot", "md", "svg", "png", "pdf", "json"] as const;

/** One of `DIAGRAM_FORMATS`. */
export type DiagramFormat = (typeof DIAGRAM_FORMATS)[number];
type ImageFormat = "svg" | "png" | "pdf";

const EXTENSIONS: Record<DiagramFormat, string> = { mermaid: ".mmd", dot: ".dot", md: ".md", svg: ".svg", png: ".png", pdf: ".pdf", json: ".graph.json" };

/** Options of `drawFiles`; all optional. */
export interface DrawFilesOptions {
  /** Default "mermaid". */
  format?: DiagramFormat;
  /** A file, a directory (several inputs, or a path ending in /), or "-" for the returned `stdout`. Default: text to `stdout`, images beside each input. */
  output?: string;
  /** Default "TB". */
  direction?: DiagramDirection;
  /** Cut labels longer than this, full text in a legend (0: never). Default 40. */
  maxLabel?: number;
  /** Draw only the neighbourhood of this node (id or name). */
  focus?: string;
  /** Steps around `focus`. Default 2. */
  depth?: number;
  /** Mark unreachable nodes, dead ends and traps. */
  annotate?: boolean;
  /**
   * Draw parallel edges as one counted line and edges into hubs as stubs beside their sources (`simplifyGraph`), every
   * merge listed in the legend. Default true; false draws every edge.
   */
  merge?: boolean;
  /**
   * An older version (a file, or `remote:<id>`) to review against: only the changed nodes and those within `depth`
   * (default 1) steps of them are drawn, counting what is left out. One input only.
   */
  base?: string;
  /**
   * With `focus` or `base`: "omit" draws only the neighbourhood, counting the rest (default); "fade" draws the whole
   * pathway with the rest faded (pale colours in Mermaid and DOT, reduced opacity in SVG).
   */
  context?: DiagramContext;
  /** Told as each image is rendered. */
  onProgress?: (event: ProgressEvent) => void;
  /** Who lays out images: see DIAGRAM_ENGINES. Default "auto". */
  engine?: DiagramEngine;
  /** Longest one image's layout or render may take, in milliseconds. Default 180,000 (3 minutes). */
  timeoutMs?: number;
  /** Told at once (before the work) of a problem worth saying early: a layout that will take long. */
  onNotice?: (problem: DrawProblem) => void;
  /** Told when one slow step starts (text such as "laying out big.json…"); returns the function called when it ends. */
  onSlowStep?: (text: string) => () => void;
}

/** Who lays out an image: Mermaid in the browser, ELK in Node (layered), the quick rank layout, or chosen by size. */
export const DIAGRAM_ENGINES = ["auto", "mermaid", "elk", "ranks"] as const;
/** One of `DIAGRAM_ENGINES`. */
export type DiagramEngine = (typeof DIAGRAM_ENGINES)[number];

/** Above this many nodes + edges "auto" leaves Mermaid (which took 21 s at 200 nodes) for ELK, and above ELK_MAX_ITEMS ELK for the rank layout. */
const MERMAID_MAX_ITEMS = 150;

/** The engine that lays out `graph` for an image. */
function pickEngine(graph: DirectedGraph, engine: DiagramEngine): Exclude<DiagramEngine, "auto"> {
  if (engine !== "auto") return engine;
  const items = graph.nodes.length + graph.edges.length;
  return items <= MERMAID_MAX_ITEMS ? "mermaid" : items <= ELK_MAX_ITEMS ? "elk" : "ranks";
}

/** `promise`, or a rejection saying it did not finish within `ms` (the browser keeps its own protocol timeout too). */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the render did not finish within ${ms / 1000} s.`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A problem met while drawing: `exit` 2 for input, output or browser problems, 1 when Mermaid could not draw a file;
 * `code` as in every `--format json` error object, where the problem is an input's (unreadable, not a pathway, --focus).
 */
export interface DrawProblem {
  filePath?: string;
  message: string;
  severity: "error" | "warning" | "note";
  exit?: 1 | 2;
  code?: ErrorCode;
}

/** What `drawFiles` did: what goes to stdout (in order), the files written, and the problems (the other files are still drawn). */
export interface DrawFilesResult {
  stdout: (string | Uint8Array)[];
  written: string[];
  problems: DrawProblem[];
  /** 0, 1 or 2, as the problems say. */
  exitCode: number;
}

interface Drawing {
  path: string;
  graph: DirectedGraph;
  mermaid: string;
  text?: string;
  target?: string;
}

const isImage = (format: DiagramFormat): format is ImageFormat => format === "svg" || format === "png" || format === "pdf";
const stripJson = (file: string) => path.basename(file).replace(/\.json$/i, "");

/** A short list of paths for a message. */
export function listPaths(paths: readonly string[]): string {
  return paths.length <= 4 ? paths.join(", ") : `${paths.slice(0, 3).join(", ")} and ${paths.length - 3} more`;
}

/**
 * Decides where each drawing goes: "-" or nothing (text formats) is stdout; an existing directory, a path ending in
 * "/" or several inputs make `output` a directory; otherwise it is the file. Images without `output` go beside their input.
 */
async function planTargets(host: Host, drawings: Drawing[], format: DiagramFormat, output: string | undefined): Promise<"stdout" | "files"> {
  if (output === "-" || (output === undefined && !isImage(format))) {
    if (drawings.length > 1 && (format === "mermaid" || isImage(format))) {
      throw new EngineError(
        "usage",
        `${drawings.length} pathways cannot share one ${format === "mermaid" ? "Mermaid text" : "image"} on stdout; write them to a directory with -o <dir>.`,
      );
    }
    return "stdout";
  }
  if (output === undefined) {
    for (const d of drawings) {
      if (d.path === STDIN) throw new EngineError("usage", `A ${format} read from stdin needs a place to go: name a file with -o <file>, or -o - for stdout.`);
      d.target = path.join(path.dirname(d.path), stripJson(d.path) + EXTENSIONS[format]);
    }
    return "files";
  }
  let isDirectory = output.endsWith("/") || output.endsWith(path.sep) || (await host.stat(output))?.kind === "directory";
  if (!isDirectory && drawings.length > 1) {
    if (path.extname(output) !== "")
      throw new EngineError("usage", `-o ${output}: ${drawings.length} pathways need a directory, one file each; name one (e.g. -o diagrams/).`);
    isDirectory = true;
  }
  if (!isDirectory) {
    if (drawings[0]) drawings[0].target = output;
    return "files";
  }
  const used = new Set<string>();
  for (const d of drawings) {
    const base = d.path === STDIN ? "stdin" : stripJson(d.path);
    let name = base + EXTENSIONS[format];
    for (let n = 2; used.has(name); n++) name = `${base}-${n}${EXTENSIONS[format]}`;
    used.add(name);
    d.target = path.join(output, name);
  }
  return "files";
}

/** Draws every pathway the arguments name (files, directories, globs, `-`); see `DrawFilesOptions`. */
export async function drawFiles(host: Host, args: readonly string[], options: DrawFilesOptions = {}): Promise<DrawFilesResult> {
  const format = options.format ?? "mermaid";
  if (options.depth !== undefined && options.focus === undefined && options.base === undefined)
    throw new EngineError("usage", "--depth only applies with --focus <node> or --base; add one or drop --depth.");
  if (options.context !== undefined && options.focus === undefined && options.base === undefined)
    throw new EngineError("usage", "--context only applies with --focus <node> or --base; add one or drop --context.");
  const result: DrawFilesResult = { stdout: [], written: [], problems: [], exitCode: 0 };
  const fail = (exit: 1 | 2, message: string, filePath?: string, code?: ErrorCode) => {
    result.problems.push({ message, severity: "error", exit, ...(filePath !== undefined && { filePath }), ...(code !== undefined && { code }) });
    result.exitCode = Math.max(result.exitCode, exit);
  };
  const drawings: Drawing[] = [];
  const inputs = await readInputs(host, "pathway", args);
  if (options.base !== undefined && inputs.length > 1)
    throw new EngineError("usage", `--base compares one pathway with its older version; ${inputs.length} were given.`);
  for (const input of inputs) {
    if (input.skipped) {
      result.problems.push({ filePath: input.path, severity: "warning", message: `${input.path}: ${input.problem!.message}` });
      continue;
    }
    const loaded = parsePathwayInput(input);
    const pathway = loaded.pathway;
    if (!pathway) {
      fail(2, describeLoadFailure(loaded), input.path, getLoadFailureCode(loaded));
      continue;
    }
    if (options.focus !== undefined) {
      const found = findDiagramNode(pathway, options.focus);
      if ("error" in found) {
        fail(2, `${input.path}: --focus: ${found.error}`, input.path, "usage");
        continue;
      }
    }
    // The change under review: its nodes, drawn with their neighbours; the rest is counted, not drawn.
    const changed = options.base === undefined ? [] : getChangedNodeIds((await diffVersions(host, options.base, input.path)).diff);
    if (options.base !== undefined && changed.length === 0)
      result.problems.push({
        filePath: input.path,
        severity: "note",
        message: `${input.path}: no node changed since ${options.base}; the whole pathway is drawn.`,
      });
    const graphOptions = {
      direction: options.direction ?? "TB",
      maxLabel: options.maxLabel ?? 40,
      ...(options.annotate && { annotations: getDiagramAnnotations(pathway) }),
    };
    const full = toDirectedGraph(pathway, {
      ...graphOptions,
      ...(options.focus !== undefined
        ? { focus: options.focus, depth: options.depth ?? 2 }
        : changed.length > 0 && { around: changed, depth: options.depth ?? 1 }),
      ...(options.context !== undefined && { context: options.context }),
    });
    let graph = options.merge === false ? full : simplifyGraph(full, { maxLabel: options.maxLabel ?? 40 });
    const mermaid = toMermaid(graph);
    const drawing: Drawing = { path: input.path, graph, mermaid };
    if (format === "mermaid") drawing.text = mermaid;
    else if (format === "dot") drawing.text = toDot(graph);
    else if (format === "md") {
      const problems = getMermaidLimitProblems(toMermaid(graph, { legend: false }), graph.edges.length);
      // Over GitHub's limits, the changed (or start) part is drawn instead of an error box, saying what it left out.
      const fitted = problems.length > 0 && options.focus === undefined ? fitMermaidLimits(pathway, graphOptions, changed) : undefined;
      if (fitted) {
        graph = drawing.graph = fitted.graph;
        drawing.mermaid = toMermaid(graph);
        result.problems.push({ filePath: input.path, severity: "note", message: `${input.path}: ${fitted.message}` });
      }
      drawing.text = toMarkdown(graph);
      if (problems.length > 0 && !fitted) {
        result.problems.push({
          filePath: input.path,
          severity: "warning",
          message: `${input.path}: the diagram has ${problems.join(" and ")}, so GitHub will show an error instead of it. Draw part of it with --focus <node> --depth <n>, or attach an image (--format svg or png).`,
        });
      }
    }
    drawings.push(drawing);
  }
  const errorsJson = () =>
    result.problems
      .filter((p) => p.severity === "error" && p.filePath !== undefined)
      .map((p) => ({ filePath: p.filePath!, error: createErrorObject(p.code ?? "input", p.message) }));
  if (drawings.length === 0) {
    if (format === "json" && (options.output === undefined || options.output === "-")) result.stdout.push(`${JSON.stringify(errorsJson(), null, 2)}\n`);
    return result;
  }
  const where = await planTargets(host, drawings, format, options.output);
  const write = async (target: string, content: string | Uint8Array): Promise<boolean> => {
    try {
      await host.writeFile(target, content);
      result.written.push(target);
      return true;
    } catch (error) {
      fail(2, `${describeFsError(error, target).replace(/\.$/, "")}; the diagram was not written.`);
      return false;
    }
  };
  if (format === "json") {
    if (where === "stdout")
      result.stdout.push(`${JSON.stringify([...drawings.map((d) => ({ filePath: d.path, graph: d.graph })), ...errorsJson()], null, 2)}\n`);
    else for (const d of drawings) await write(d.target!, `${JSON.stringify(d.graph, null, 2)}\n`);
    return result;
  }
  if (!isImage(format)) {
    if (where === "stdout") result.stdout.push(drawings.map((d) => d.text!).join("\n"));
    else for (const d of drawings) await write(d.target!, d.text!);
    return result;
  }
  await renderDrawings(host, drawings, format, where, result, fail, write, options);
  return result;
}

/**
 * How to draw without a browser or Mermaid: ELK lays the picture out in Node and writes the SVG itself. PNG and PDF are
 * always screenshots in the browser, so for them the offer is an SVG.
 */
function getNoBrowserHint(format: ImageFormat, engine: DiagramEngine): string {
  const elk = "ELK lays the picture out in Node and writes the SVG itself (no browser, and no Mermaid install of over 80 MB)";
  if (format === "svg") return `To draw it without a browser or Mermaid, add --engine elk: ${elk}.`;
  const flags = engine === "elk" || engine === "ranks" ? "-f svg" : "-f svg --engine elk";
  return `To draw it without a browser or Mermaid, draw an SVG instead with ${flags} (and an .svg output name): ${elk}; a ${format.toUpperCase()} is always drawn in the browser.`;
}

/**
 * Renders every drawing: Mermaid ones in one shared browser; ELK and rank ones laid out in Node and written as SVG
 * (the browser only turns that SVG into PNG or PDF). Without a browser, Mermaid drawings are saved as Mermaid text.
 */
async function renderDrawings(
  host: Host,
  drawings: Drawing[],
  format: ImageFormat,
  where: "stdout" | "files",
  result: DrawFilesResult,
  fail: (exit: 1 | 2, message: string, filePath?: string) => void,
  write: (target: string, content: string | Uint8Array) => Promise<boolean>,
  options: DrawFilesOptions,
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 180_000;
  const engines = drawings.map((d) => pickEngine(d.graph, options.engine ?? "auto"));
  // Said before the work starts (even before the browser), so nobody waits without knowing why.
  drawings.forEach((d, i) => {
    const message = getSlowLayoutWarning(d.path, d.graph, engines[i]!, timeoutMs);
    if (message !== undefined) {
      const problem: DrawProblem = { filePath: d.path, severity: "warning", message };
      if (options.onNotice) options.onNotice(problem);
      else result.problems.push(problem);
    }
  });
  let renderer: Awaited<ReturnType<typeof createDiagramRenderer>> | undefined;
  if (engines.some((e) => e === "mermaid") || format !== "svg") {
    try {
      renderer = await createDiagramRenderer({ browser: getBrowserLocation(host.env), timeoutMs });
    } catch (error) {
      // Without the browser, or without the optional packages that drive it, the Mermaid text is saved instead.
      const missingPackages = isMissingOptionalPackage(error, "images");
      if (!(error instanceof BrowserUnavailableError) && !missingPackages) throw error;
      // ELK needs neither: offered first, before the install that would bring them.
      const instead = getNoBrowserHint(format, options.engine ?? "auto");
      const message = missingPackages
        ? createMissingPackageError("images", instead).message
        : `cannot start a browser to render diagrams: ${(error as BrowserUnavailableError).reason}.\n${instead}\nOr ${BROWSER_INSTALL_HINT.replace(/^I/, "i")}`;
      const saved: string[] = [];
      for (const d of drawings) {
        const target = where === "stdout" ? (d.path === STDIN ? "stdin.mmd" : `${stripJson(d.path)}.mmd`) : `${d.target!.replace(/\.(svg|png|pdf)$/i, "")}.mmd`;
        if (await write(target, d.mermaid)) saved.push(target);
      }
      fail(
        2,
        `${message}${saved.length > 0 ? `\nThe Mermaid text was written instead: ${listPaths(saved)} (render it later with this command, or paste it into a Markdown mermaid block).` : ""}`,
      );
      return;
    }
  }
  const { appendLegend, getGraphLayout, MAX_AUTO_WIDTH, toSvg } = await import("../../layout/index.js"); // why: layout/ is 9 modules (~10 ms of the library's import), needed only for images
  // Mermaid draws the flow only (the legend is comments there); the legend goes below its picture, outside the flow.
  const renderMermaid = async (d: Drawing): Promise<Uint8Array> => {
    const notes = d.graph.nodes.some((n) => n.global) ? [getGlobalsNote(d.graph)] : [];
    // Merged lines, stubs and hubs carry their legend entry as a tooltip, as in the pictures laid out in Node.
    const tooltips = getMermaidTooltips(d.graph);
    if (d.graph.legend.length === 0 && notes.length === 0) return renderer!.render(d.mermaid, format, tooltips);
    const svg = appendLegend(new TextDecoder().decode(await renderer!.render(d.mermaid, "svg", tooltips)), d.graph.legend, notes);
    return renderer!.renderSvg(svg, format);
  };
  let done = 0;
  try {
    for (const [i, d] of drawings.entries()) {
      const engine = engines[i]!;
      const stop =
        drawings.length <= 3 && options.onSlowStep
          ? options.onSlowStep(
              `pathway: ${engine === "mermaid" ? "rendering" : "laying out"} ${d.path} (${toCount(d.graph.nodes.length, "node")}, ${toCount(d.graph.edges.length, "edge")})…`,
            )
          : () => undefined;
      try {
        let data: Uint8Array;
        if (engine === "mermaid") {
          data = await withTimeout(renderMermaid(d), timeoutMs);
          // Mermaid lays unconnected parts side by side: a picture too wide to read is laid out in Node instead.
          const width = (text: string) => Number(/<svg\b[^>]*?\swidth="([\d.]+)"/.exec(text)?.[1] ?? 0);
          if ((options.engine ?? "auto") === "auto" && format === "svg" && width(new TextDecoder().decode(data)) > MAX_AUTO_WIDTH) {
            const svg = toSvg(d.graph, await getGraphLayout(d.graph, { engine: "auto", timeoutMs }));
            if (width(svg) < width(new TextDecoder().decode(data))) data = new TextEncoder().encode(svg);
          }
        } else {
          // "auto" lets the layout fall back to ranks when ELK's picture would be too wide to read.
          const svg = toSvg(d.graph, await getGraphLayout(d.graph, { engine: (options.engine ?? "auto") === "auto" ? "auto" : engine, timeoutMs }));
          data = renderer ? await withTimeout(renderer.renderSvg(svg, format), timeoutMs) : new TextEncoder().encode(svg);
        }
        stop();
        if (where === "stdout") result.stdout.push(data);
        else await write(d.target!, data);
      } catch (error) {
        stop();
        const message = error instanceof Error ? error.message : String(error);
        const timedOut = /did not finish within|timed out/i.test(message);
        fail(
          1,
          `${d.path}: ${engine === "mermaid" ? "Mermaid" : "the layout"} could not draw it: ${message}` +
            (timedOut ? ` Raise --timeout, use --engine ${engine === "mermaid" ? "elk" : "ranks"}, or draw part of it with --focus <node>.` : ""),
          d.path,
        );
      }
      options.onProgress?.({ done: ++done, total: drawings.length, detail: d.path });
    }
  } finally {
    await renderer?.close();
  }
}
