// The graph layer's public surface: pure analyses over a loaded pathway.
export * from "./graph-index.js";
export * from "./create-graph.js";
export * from "./reachability.js";
export * from "./dominators.js";
export * from "./variables.js";
export * from "./analysis.js";
