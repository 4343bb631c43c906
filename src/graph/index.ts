// The graph layer's public surface: the flow model and pure analyses over a loaded pathway.
export * from "./flow.js";
export * from "./reachability.js";
export * from "./dominators.js";
export * from "./variables.js";
export * from "./analysis.js";
export * from "./tree-order.js";
