// The report page's stylesheet (system fonts only, so nothing is loaded), with print rules.

/** CSS of the report page, inlined and allowed by its hash. */
export const REPORT_STYLES = `
:root { color-scheme: light; --fg: #1a1a1a; --muted: #5f6368; --line: #d0d7de; --accent: #0b57d0; }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: var(--fg); }
body { display: flex; flex-direction: column; }
header { padding: 8px 14px; border-bottom: 1px solid var(--line); }
h1 { font-size: 18px; margin: 0; overflow-wrap: anywhere; }
h2 { font-size: 15px; margin: 12px 0 6px; overflow-wrap: anywhere; }
h3 { font-size: 13px; margin: 10px 0 4px; }
.muted { color: var(--muted); margin: 2px 0; }
.controls { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-top: 6px; }
input[type=search] { width: 22em; padding: 4px 6px; }
button, select, input { font: inherit; }
button:focus-visible, input:focus-visible, select:focus-visible, #view:focus-visible, .node:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
#search-results { display: flex; flex-wrap: wrap; gap: 4px; max-height: 7em; overflow: auto; }
#search-results .result { border: 1px solid var(--line); background: #f6f8fa; border-radius: 4px; cursor: pointer; }
main { flex: 1; display: flex; min-height: 0; }
#view { flex: 1; position: relative; overflow: hidden; background: #fff; cursor: grab; }
#graph { width: 100%; height: 100%; display: block; user-select: none; }
#minimap { position: absolute; right: 10px; bottom: 10px; width: 200px; height: 150px; background: rgba(255,255,255,.92); border: 1px solid var(--line); cursor: pointer; }
#minimap[hidden] { display: none; }
#minimap .mini-view { fill: rgba(11,87,208,.08); stroke: var(--accent); stroke-width: 2; vector-effect: non-scaling-stroke; }
aside { width: 420px; max-width: 45%; overflow: auto; border-left: 1px solid var(--line); padding: 0 14px 14px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 4px 0; }
dt { font-weight: 600; color: #3c4043; overflow-wrap: anywhere; }
dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
dl.fields { border-left: 2px solid #eee; padding-left: 6px; }
pre.value { white-space: pre-wrap; margin: 0; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #f6f8fa; padding: 4px; }
ol.array { margin: 0; padding-left: 1.4em; }
ul { padding-left: 1.2em; margin: 4px 0; }
.link { background: none; border: none; color: var(--accent); cursor: pointer; padding: 0; text-align: left; text-decoration: underline; }
.small { font-size: 11px; margin-left: 4px; }
ul.findings { list-style: none; padding-left: 0; }
ul.findings li { margin: 3px 0; }
li.sev-error, .findings .sev-error, .findings .sev-error .link { color: #b3261e; }
li.sev-warning, .findings .sev-warning .link { color: #8a5300; }
table { border-collapse: collapse; margin: 4px 0; }
th, td { border: 1px solid var(--line); padding: 2px 8px; text-align: left; }
/* The side panel's tables (coverage: six columns) fit its 420 px: smaller text, narrow cells, headers that wrap. */
aside table { width: 100%; font-size: 12px; font-variant-numeric: tabular-nums; }
aside th, aside td { padding: 2px 4px; }
aside td { text-align: right; } aside td:first-child { text-align: left; }
del { background: #ffebe9; } ins { background: #dafbe1; text-decoration: none; }
/* graph */
#graph marker path { fill: #333; }
.edge .line { fill: none; stroke: #555; stroke-width: 1.3; }
.edge.kind-route .line, .edge.kind-fallback .line, .edge.kind-response .line { stroke-dasharray: 5 4; }
.edge.kind-voicemail .line { stroke-dasharray: 5 4; stroke: #7b1fa2; }
.edge .hit { fill: none; stroke: transparent; stroke-width: 10; cursor: pointer; }
.edge.selected .line { stroke: var(--accent); stroke-width: 3; }
.edge-label rect { fill: #fff; fill-opacity: .9; }
.edge-label text { font-size: 11px; fill: #333; text-anchor: middle; dominant-baseline: central; cursor: pointer; }
.node { cursor: pointer; }
.node .caption { font-size: 13px; text-anchor: middle; dominant-baseline: central; stroke: none; }
.node.selected .shape { stroke: var(--accent); stroke-width: 4; }
#graph.searching .node:not(.match) { opacity: .25; }
#graph.fading .faded { opacity: .3; }
label[hidden] { display: none; }
#graph.searching .node.match .shape { stroke: #e37400; stroke-width: 4; }
.badge circle { stroke: #fff; stroke-width: 1.5; }
.badge.sev-error circle { fill: #b3261e; } .badge.sev-warning circle { fill: #e37400; } .badge.sev-info circle { fill: #5f6368; }
.badge text { fill: #fff; font-size: 11px; font-weight: 700; text-anchor: middle; dominant-baseline: central; stroke: none; }
.globals-box { fill: #fafafa; stroke: #9e9e9e; stroke-dasharray: 6 4; }
.globals-title { font-size: 13px; font-weight: 700; }
.tag-frame rect { fill-opacity: 0.06; stroke-opacity: 0.6; }
.tag-caption { font-size: 11px; fill: #333; dominant-baseline: central; }
.globals-note, .global-line { font-size: 11px; fill: #444; }
#graph[data-mode=diff] .node.diff-added .shape { fill: #dafbe1; stroke: #1a7f37; stroke-width: 3; }
#graph[data-mode=diff] .node.diff-changed .shape { fill: #fff8c5; stroke: #9a6700; stroke-width: 3; }
#graph[data-mode=diff] .node.diff-renamed .shape { fill: #ddf4ff; stroke: #0969da; stroke-width: 3; }
#graph[data-mode=diff] .edge.diff-added .line { stroke: #1a7f37; stroke-width: 2.5; }
#graph[data-mode=diff] .edge.diff-changed .line { stroke: #9a6700; stroke-width: 2.5; }
#graph[data-mode=coverage] .node.cov-covered .shape { fill: #dafbe1; }
#graph[data-mode=coverage] .node.cov-untested .shape { fill: #fff8c5; stroke: #9a6700; }
#graph[data-mode=coverage] .node.cov-unreachable .shape { fill: #eeeeee; stroke: #8c959f; stroke-dasharray: 4 4; }
#graph[data-mode=coverage] .edge.cov-covered .line { stroke: #1a7f37; }
#graph[data-mode=coverage] .edge.cov-untested .line { stroke: #d4a72c; }
#graph[data-mode=coverage] .edge.cov-unreachable .line { stroke: #c0c0c0; }
@media print {
  body { display: block; height: auto; }
  .controls, #search-results, #minimap { display: none !important; }
  main { display: block; }
  #view { height: 95vh; border: 1px solid var(--line); page-break-after: always; }
  aside { width: auto; max-width: none; border: none; overflow: visible; }
}
`;
