// The report page: one self-contained HTML file (style and script inlined, allowed by hash) around the embedded JSON data.
import { createHash } from "node:crypto";
import { escapeHtml } from "../escape/html.js";
import { toCount } from "../escape/count.js";
import { REPORT_CLIENT_SCRIPT } from "./client-script.js";
import type { ReportData } from "./report-data.js";
import { REPORT_STYLES } from "./styles.js";

/** The CSP source for an inline script or style: its SHA-256, base64. */
function hashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * `data` as the text of a `<script type="application/json">`: `<` (so no `</script>` or `<!--` ends or bends the
 * element), and the line separators U+2028/U+2029 written as JSON escapes. JSON.parse gives the same value back.
 */
export function toScriptJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Options of the page; all optional. */
export interface ReportHtmlOptions {
  /**
   * A same-origin path of a server-sent event stream (`pathway report --serve`): the page reloads on its `reload`
   * event. The CSP then allows that script and a connection to the page's own origin, nothing more. Default: none
   * (the page connects nowhere).
   */
  reloadEvents?: string;
}

/**
 * The script a served page runs to reload when the page is rewritten. It marks the page `data-reload="listening"` once
 * the event stream is open, so a reader (or a test) can tell a save from now on will reload it.
 */
function toReloadScript(events: string): string {
  return `const s = new EventSource(${toScriptJson(events)}); s.addEventListener("open", () => { document.documentElement.dataset.reload = "listening"; }); s.addEventListener("reload", () => location.reload());`;
}

/** The Content-Security-Policy of the page: nothing may load; only our own script and style (by hash) may run. */
export function getReportCsp(options: ReportHtmlOptions = {}): string {
  const reload = options.reloadEvents === undefined ? undefined : toReloadScript(options.reloadEvents);
  return [
    "default-src 'none'",
    `script-src ${hashSource(REPORT_CLIENT_SCRIPT)}${reload === undefined ? "" : ` ${hashSource(reload)}`}`,
    ...(reload === undefined ? [] : ["connect-src 'self'"]),
    `style-src ${hashSource(REPORT_STYLES)}`,
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/**
 * The whole report page for `data`. The only dynamic parts in the markup are the escaped title and the JSON; the page's
 * script draws everything else from the JSON with textContent, so no pathway text is ever parsed as HTML.
 */
export function toReportHtml(data: ReportData, options: ReportHtmlOptions = {}): string {
  const title = `${data.title || "Pathway"} — pathway report`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(getReportCsp(options))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${REPORT_STYLES}</style>
</head>
<body>
<header>
<h1 id="title">${escapeHtml(data.title || "Pathway")}</h1>
<p class="muted" id="meta">${escapeHtml(`${data.source ? `${data.source} · ` : ""}${toCount(data.nodes.length, "node")}, ${toCount(data.edges.length, "edge")} · ${toCount(data.findings.length, "finding")} · layout: ${data.engine}${data.straightEdges !== undefined ? ` (${toCount(data.straightEdges, "edge")} drawn straight)` : ""}`)}</p>
<div class="controls">
<label for="search">Search</label> <input id="search" type="search" placeholder="name, id or text  (/)" autocomplete="off" spellcheck="false">
<button id="fit" type="button" title="Fit the whole graph (f)">Fit all</button> <button id="zoom-in" type="button" title="Zoom in (+)" aria-label="Zoom in">+</button> <button id="zoom-out" type="button" title="Zoom out (-)" aria-label="Zoom out">−</button>
<label><input id="fade" type="checkbox"> Fade all but the changes (c)</label>
<label for="mode">Colour by</label> <select id="mode"><option value="kind">node type</option><option value="diff">changes</option><option value="coverage">coverage</option></select>
</div>
<p id="view-note" class="muted" hidden></p>
<div id="search-results" aria-live="polite"></div>
</header>
<main>
<div id="view" tabindex="0" aria-label="Pathway graph: arrow keys pan, + and - zoom, f fits the whole graph; Tab moves between nodes">
<svg id="graph" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Pathway graph">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z"></path></marker></defs>
<g id="world"></g>
</svg>
<svg id="minimap" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" hidden></svg>
</div>
<aside>
<section id="panel" aria-live="polite"></section>
<section id="findings"></section>
<section id="changes"></section>
<section id="coverage"></section>
<section id="legend"></section>
</aside>
</main>
<script type="application/json" id="report-data">${toScriptJson(data)}</script>
<script>${REPORT_CLIENT_SCRIPT}</script>
${options.reloadEvents === undefined ? "" : `<script>${toReloadScript(options.reloadEvents)}</script>\n`}</body>
</html>
`;
}
