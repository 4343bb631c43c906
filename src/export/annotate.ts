// Findings of the graph analyses (unreachable nodes, dead ends, traps) in the shape `toDirectedGraph` marks.
import { createFlowModel, getDeadEnds, getReachability, getTraps } from "../graph/index.js";
import type { Pathway } from "../model/index.js";
import type { DiagramAnnotations } from "./directed-graph.js";

/** Unreachable nodes, dead ends and traps of `pathway`, from its one flow model. */
export function getDiagramAnnotations(pathway: Pathway): DiagramAnnotations {
  const index = createFlowModel(pathway);
  return { unreachable: getReachability(index).unreachable, deadEnds: getDeadEnds(index), traps: getTraps(index) };
}
