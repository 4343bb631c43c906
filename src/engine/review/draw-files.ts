// `drawFiles`: pathway files to Mermaid, DOT, Markdown, graph JSON, or SVG/PNG/PDF rendered in one shared Chromium, written where -o says.
import path from "node:path";
import type { DiagramContext, DiagramDirection, DirectedGraph } from "../../export/index.js";
import {
  findDiagramNode,
  getDiagramAnnotations,
  getMermaidLimitProblems,
  simplifyGraph,
  toDirectedGraph,
  toDot,
  toMarkdown,
  toMermaid,
} from "../../export/index.js";
import { EngineError, createErrorObject, type ErrorCode } from "../../host/errors.js";
import { describeFsError } from "../../host/fs-errors.js";
import type { Host } from "../../host/host.js";
import type { ProgressEvent } from "../progress.js";
import { readInputs, STDIN } from "../project/inputs.js";
import { describeLoadFailure, getLoadFailureCode, parsePathwayInput } from "../project/load-pathway.js";
import { fitMermaidLimits, getChangedNodeIds } from "./diagram-focus.js";
import { diffVersions } from "../release/diff-versions.js";
import { renderDrawings, stripJson, type DiagramEngine } from "./render-drawings.js";

export { DIAGRAM_ENGINES, type DiagramEngine } from "./render-drawings.js";

/** Output formats of `drawFiles`. */
export const DIAGRAM_FORMATS = ["mermaid", "dot", "md", "svg", "png", "pdf", "json"] as const;

/** One of `DIAGRAM_FORMATS`. */
export type DiagramFormat = (typeof DIAGRAM_FORMATS)[number];
export type ImageFormat = "svg" | "png" | "pdf";

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

export interface Drawing {
  path: string;
  graph: DirectedGraph;
  mermaid: string;
  text?: string;
  target?: string;
}

const isImage = (format: DiagramFormat): format is ImageFormat => format === "svg" || format === "png" || format === "pdf";

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
    const loaded = await parsePathwayInput(input);
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
