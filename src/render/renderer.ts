// Renders Mermaid text to SVG, PNG or PDF in one headless Chromium and one page that loads Mermaid once for every diagram.
import { createRequire } from "node:module";
import { assertBrowserExecutable, BrowserUnavailableError, CHROMIUM_ARGS, type BrowserLocation } from "./browser.js";
import { MERMAID_GITHUB_LIMITS } from "../export/mermaid.js";
import type { MermaidTooltips } from "../export/tooltips.js";

/** Image formats the renderer writes. */
export type RenderFormat = "svg" | "png" | "pdf";

/** Options of `createDiagramRenderer`; all optional but `browser`. */
export interface RendererOptions {
  /** The browser executable (see `getBrowserLocation`). */
  browser: BrowserLocation;
  /** Most edges Mermaid will draw (default 100,000: far above GitHub's 500, which only binds there). */
  maxEdges?: number;
  /** Longest Mermaid text accepted (default 50,000,000 characters). */
  maxTextSize?: number;
  /** Pixel density of PNG output (default 2); lowered automatically for pictures Chromium could not capture. */
  scale?: number;
  /** Background colour (default "white"). */
  background?: string;
  /** Longest a single browser call may take, in milliseconds (default 180,000). */
  timeoutMs?: number;
}

/** A browser with Mermaid loaded: render diagrams one after another, then close it. */
export interface DiagramRenderer {
  /**
   * Renders one Mermaid definition; rejects with Mermaid's message when the text does not parse. `tooltips` (from
   * `getMermaidTooltips`) become `<title>` elements of the nodes and edges they name, set as text in the page's DOM.
   */
  render(definition: string, format: RenderFormat, tooltips?: MermaidTooltips): Promise<Uint8Array>;
  /** Turns a finished SVG (e.g. from `toSvg`) into PNG or PDF in a page without Mermaid; SVG comes back as it is. */
  renderSvg(svg: string, format: RenderFormat): Promise<Uint8Array>;
  /** Closes the browser; safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Mermaid's single-file browser bundle, from the `mermaid` package itself: @mermaid-js/mermaid-cli would bring the
 * same file with ten times the installed size and puppeteer, whose install script downloads a browser we never use.
 */
export function getMermaidBundlePath(): string {
  // Resolved through require, whose MODULE_NOT_FOUND names the package when it is missing (it is an optional peer).
  return createRequire(import.meta.url).resolve("mermaid/dist/mermaid.min.js");
}

/** Chromium cannot capture a screenshot larger than this many device pixels on a side. */
const MAX_CAPTURE_PIXELS = 16_000;

/** The little of the page's DOM and Mermaid that rendering touches (this package compiles without DOM types). */
interface PageElement {
  innerHTML: string;
  id: string;
  textContent: string | null;
  firstChild: PageElement | null;
  style: { backgroundColor: string };
  insertBefore(child: PageElement, before: PageElement | null): void;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
}
interface PageGlobals {
  document: { getElementById(id: string): PageElement | null; createElementNS(ns: string, tag: string): PageElement };
  mermaid: { initialize(config: unknown): void; render(id: string, text: string): Promise<{ svg: string }> };
  XMLSerializer: new () => { serializeToString(node: PageElement): string };
}

interface Drawn {
  svg: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Launches the browser once (puppeteer-core, imported lazily) and opens one page with Mermaid's bundle loaded, with
 * `securityLevel: "strict"` and every network request refused. Each `render` call reuses that page, so a diagram costs
 * tens of milliseconds instead of a browser start and a Mermaid load.
 * Throws BrowserUnavailableError when the browser is missing or will not start.
 */
export async function createDiagramRenderer(options: RendererOptions): Promise<DiagramRenderer> {
  assertBrowserExecutable(options.browser);
  // Found before the browser starts: a missing mermaid fails here, not halfway through the first drawing.
  const mermaidBundle = getMermaidBundlePath();
  // why lazily: puppeteer takes ~250 ms to load. puppeteer-core, not puppeteer: it is what we declare (puppeteer comes
  // only as mermaid-cli's peer, absent under pnpm's strict layout), and the system browser is always named explicitly.
  const { default: puppeteer } = await import("puppeteer-core");
  let browser: Awaited<ReturnType<typeof puppeteer.launch>>;
  try {
    browser = await puppeteer.launch({
      executablePath: options.browser.path,
      headless: true,
      args: [...CHROMIUM_ARGS],
      protocolTimeout: options.timeoutMs ?? 180_000,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    throw new BrowserUnavailableError(options.browser, `${options.browser.path} did not start (${message})`);
  }
  const config = {
    startOnLoad: false,
    securityLevel: "strict",
    maxEdges: options.maxEdges ?? Math.max(100_000, MERMAID_GITHUB_LIMITS.maxEdges),
    maxTextSize: options.maxTextSize ?? 50_000_000,
    flowchart: { useMaxWidth: false },
  };
  const background = options.background ?? "white";
  const scale = options.scale ?? 2;
  type Page = Awaited<ReturnType<typeof browser.newPage>>;
  let pagePromise: Promise<Page> | undefined;
  const openPage = async (): Promise<Page> => {
    const page = await browser.newPage();
    await page.setRequestInterception(true);
    // Diagrams come from untrusted files: nothing in the page may reach the network or the file system.
    page.on("request", (request) => void request.abort().catch(() => undefined));
    await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0"><div id="container"></div></body></html>');
    await page.addScriptTag({ path: mermaidBundle });
    await page.evaluate((cfg) => {
      (globalThis as unknown as PageGlobals).mermaid.initialize(cfg);
    }, config);
    return page;
  };
  let counter = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const draw = async (definition: string, format: RenderFormat, tooltips: MermaidTooltips): Promise<Uint8Array> => {
    if (closed) throw new Error("the renderer is closed");
    pagePromise ??= openPage();
    const page = await pagePromise;
    try {
      await page.setViewport({ width: 800, height: 600, deviceScaleFactor: format === "png" ? scale : 1 });
      const drawn: Drawn = await page.evaluate(
        async (text: string, id: string, bg: string, tips: MermaidTooltips) => {
          // Runs in the page: the DOM is reached through globalThis, since this package compiles without DOM types.
          const page = globalThis as unknown as PageGlobals;
          const container = page.document.getElementById("container")!;
          container.innerHTML = "";
          const { svg } = await page.mermaid.render(id, text);
          container.innerHTML = svg;
          const element = container.querySelector("svg")!;
          element.style.backgroundColor = bg;
          // Tooltips as <title> children, their text set as text (never markup), on the elements Mermaid named by our keys.
          const title = (target: PageElement | undefined, text: string) => {
            if (!target) return;
            const t = page.document.createElementNS("http://www.w3.org/2000/svg", "title");
            t.textContent = text;
            target.insertBefore(t, target.firstChild);
          };
          const nodes = Array.from(element.querySelectorAll("g.node"));
          for (const tip of tips.nodes)
            title(
              nodes.find((g) => g.id.startsWith(`${id}-flowchart-${tip.key}-`) && /^\d+$/.test(g.id.slice(`${id}-flowchart-${tip.key}-`.length))),
              tip.text,
            );
          for (const tip of tips.edges) title(page.document.getElementById(`${id}-${tip.id}`) ?? undefined, tip.text);
          const box = element.getBoundingClientRect();
          return {
            svg: new page.XMLSerializer().serializeToString(element),
            x: Math.floor(box.left),
            y: Math.floor(box.top),
            width: Math.ceil(box.width),
            height: Math.ceil(box.height),
          };
        },
        definition,
        `diagram${counter++}`,
        background,
        tooltips,
      );
      if (format === "svg") return new TextEncoder().encode(drawn.svg);
      return await capture(page, drawn, format);
    } catch (error) {
      // A crashed or timed-out page is replaced before the next diagram; a Mermaid error leaves the page usable.
      if (page.isClosed() || !(error instanceof Error) || !/Parse error|Lexical error|Syntax error|exceeds|Maximum/i.test(error.message)) {
        pagePromise = undefined;
        await page.close().catch(() => undefined);
      }
      throw new Error(error instanceof Error ? error.message.replace(/^Error: /, "").split("\n    at ")[0] : String(error));
    }
  };

  /** A screenshot (PNG) or a one-page PDF of the drawn picture at its own size. */
  const capture = async (page: Page, drawn: Drawn, format: "png" | "pdf"): Promise<Uint8Array> => {
    if (format === "png") {
      const density = Math.max(0.1, Math.min(scale, MAX_CAPTURE_PIXELS / Math.max(drawn.width, drawn.height, 1)));
      await page.setViewport({ width: drawn.x + drawn.width, height: drawn.y + drawn.height, deviceScaleFactor: density });
      const data = await page.screenshot({ type: "png", clip: { x: drawn.x, y: drawn.y, width: drawn.width, height: drawn.height } });
      return new Uint8Array(data);
    }
    const data = await page.pdf({
      width: `${drawn.width + drawn.x * 2}px`,
      height: `${drawn.height + drawn.y * 2}px`,
      printBackground: true,
      pageRanges: "1-1",
    });
    return new Uint8Array(data);
  };

  let svgPage: Promise<Page> | undefined;
  const openSvgPage = async (): Promise<Page> => {
    const page = await browser.newPage();
    await page.setRequestInterception(true);
    page.on("request", (request) => void request.abort().catch(() => undefined));
    await page.setJavaScriptEnabled(false);
    return page;
  };
  const drawSvg = async (svg: string, format: RenderFormat): Promise<Uint8Array> => {
    if (closed) throw new Error("the renderer is closed");
    if (format === "svg") return new TextEncoder().encode(svg);
    svgPage ??= openSvgPage();
    const page = await svgPage;
    const size = /<svg[^>]*\swidth="(\d+)"[^>]*\sheight="(\d+)"/.exec(svg);
    const width = Number(size?.[1] ?? 800);
    const height = Number(size?.[2] ?? 600);
    await page.setViewport({ width: Math.min(width, MAX_CAPTURE_PIXELS), height: Math.min(height, MAX_CAPTURE_PIXELS), deviceScaleFactor: 1 });
    // Scripts are off in this page: the SVG is only drawn, and its text (escaped by toSvg) can never run.
    await page.setContent(`<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">${svg}</body></html>`, { waitUntil: "load" });
    return capture(page, { svg, x: 0, y: 0, width, height }, format);
  };

  return {
    render(definition, format, tooltips = { nodes: [], edges: [] }) {
      const result = queue.then(() => draw(definition, format, tooltips));
      queue = result.catch(() => undefined);
      return result;
    },
    renderSvg(svg, format) {
      const result = queue.then(() => drawSvg(svg, format));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue;
      await browser.close().catch(() => undefined);
    },
  };
}
