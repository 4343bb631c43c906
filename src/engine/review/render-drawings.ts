// Renders a run's image drawings: Mermaid ones in one shared Chromium, ELK and rank ones laid out in Node as SVG; the engine each gets.
import path from "node:path";
import type { DirectedGraph } from "../../export/index.js";
import { getGlobalsNote, getMermaidTooltips } from "../../export/index.js";
import { ELK_MAX_ITEMS } from "../../layout/limits.js";
import { BROWSER_INSTALL_HINT, BrowserUnavailableError, createDiagramRenderer, getBrowserLocation } from "../../render/index.js";
import { createMissingPackageError, isMissingOptionalPackage } from "../../host/optional-packages.js";
import { toCount } from "../../escape/count.js";
import type { Host } from "../../host/host.js";
import { STDIN } from "../project/inputs.js";
import type { Drawing, DrawFilesOptions, DrawFilesResult, DrawProblem, ImageFormat } from "./draw-files.js";
import { getSlowLayoutWarning } from "./slow-layout.js";

/** A pathway file's name without its .json, for the picture's file name. */
export const stripJson = (file: string) => path.basename(file).replace(/\.json$/i, "");

/** A short list of paths for a message. */
export function listPaths(paths: readonly string[]): string {
  return paths.length <= 4 ? paths.join(", ") : `${paths.slice(0, 3).join(", ")} and ${paths.length - 3} more`;
}

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
export async function renderDrawings(
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
