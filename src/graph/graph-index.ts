// Earlier module name of the flow model (src/graph/flow.ts), kept so the analyses that import it need no change.
export { toGraphIndex, type GraphIndex, type GraphSource } from "./flow.js";
