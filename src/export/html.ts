// The HTML escaper as the export side names it: the one in src/escape/, used by the SVG and report writers.
export { escapeHtml } from "../escape/html.js";
