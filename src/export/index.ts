// The export layer: a pathway as drawing data, and that data as Mermaid, Graphviz DOT or a Markdown comment (pure).
export * from "./directed-graph.js";
export * from "./node-tag.js";
export * from "./annotate.js";
export * from "./mermaid.js";
export * from "./dot.js";
export * from "./markdown.js";
export * from "./theme.js";
export * from "./simplify.js";
export * from "./tooltips.js";
export { toDisplayText, toTruncated } from "./text.js";
