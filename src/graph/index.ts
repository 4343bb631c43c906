// The graph layer's public surface: the flow model and pure analyses over a loaded pathway.
export * from "./flow.js";
export * from "./reachability.js";
export * from "./dominators.js";
export * from "./variables.js";
export * from "./analysis.js";
export * from "./tree-order.js";
// The one answer to "which entries of nodes[] are nodes" (the {globalConfig} entry is not), for layers that may not import model/.
export { getNodes } from "../model/pathway.js";
