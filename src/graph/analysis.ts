// Whole-pathway summary: counts, depth, branching, cycles, and every analysis, computed over one shared index.
import { getEdges } from "../model/pathway.js";
import { getFlow, type FlowSource } from "./flow.js";
import { getCanExit, getCycleGroups, getSearchTree, getStrandingGlobals } from "./reachability.js";
import { getVariableFindings, getVariableSummary, type VariableFindings, type VariableOptions, type VariableSummary } from "./variables.js";

/** Size and shape of a pathway's flow graph. */
export interface PathwayStats {
  nodeCount: number;
  /** Entries of `edges[]` (including ones whose ends do not exist). */
  edgeCount: number;
  /** Edges, routes and response routes between existing nodes. */
  flowEdgeCount: number;
  countsByType: Record<string, number>;
  /** Longest shortest path from the start, in steps (0 when only the start is reachable or there is no start). */
  depth: number;
  /** Mean and largest number of ways out of the non-exit nodes. */
  branching: { mean: number; max: number };
  /** Cyclic strongly connected components, and how many nodes sit on a cycle. */
  cycles: { count: number; nodes: number };
}

/** Everything `pathway analyze` shows, as plain data. */
export interface PathwayAnalysis {
  name?: string;
  start?: string;
  stats: PathwayStats;
  globals: string[];
  /** Global nodes with no auto-return and no way out: they never hand control back. */
  strandingGlobals: string[];
  /** End Call, transfer and Transfer Pathway nodes. */
  terminals: string[];
  unreachable: string[];
  deadEnds: string[];
  traps: string[][];
  /** Steps from the start to each reachable node. */
  distances: Record<string, number>;
  variables: VariableSummary[];
  variableFindings: { undefined: { name: string; nodeId: string; field: string }[]; maybeUnset: { name: string; nodeId: string; field: string }[] };
}

/** Counts, depth, branching and cycles of the pathway. */
export function getPathwayStats(source: FlowSource): PathwayStats {
  const g = getFlow(source);
  const n = g.ids.length;
  const countsByType: Record<string, number> = {};
  for (const { node } of g.nodes) {
    const type = typeof node.type === "string" ? node.type : "(no type)";
    countsByType[type] = (countsByType[type] ?? 0) + 1;
  }
  const { distance } = getSearchTree(g);
  let depth = 0;
  for (let i = 0; i < n; i++) if (distance[i]! > depth) depth = distance[i]!;
  let sum = 0;
  let max = 0;
  let counted = 0;
  for (let i = 0; i < n; i++) {
    if (g.isExit[i] === 1) continue;
    const d = g.outOffset[i + 1]! - g.outOffset[i]!;
    sum += d;
    counted++;
    if (d > max) max = d;
  }
  const cycles = getCycleGroups(g);
  return {
    nodeCount: n,
    edgeCount: getEdges(g.pathway).length,
    flowEdgeCount: g.outTarget.length,
    countsByType,
    depth,
    branching: { mean: counted === 0 ? 0 : Math.round((sum / counted) * 100) / 100, max },
    cycles: { count: cycles.length, nodes: cycles.reduce((a, c) => a + c.length, 0) },
  };
}

function project(findings: VariableFindings): PathwayAnalysis["variableFindings"] {
  const strip = (u: VariableFindings["undefined"][number]) => ({ name: u.name, nodeId: u.nodeId, field: u.field });
  return { undefined: findings.undefined.map(strip), maybeUnset: findings.maybeUnset.map(strip) };
}

/** Runs every analysis once over a shared index. */
export function getPathwayAnalysis(source: FlowSource, options: VariableOptions = {}): PathwayAnalysis {
  const g = getFlow(source);
  const { distance, order } = getSearchTree(g);
  const can = getCanExit(g);
  const distances: Record<string, number> = {};
  for (const i of order) distances[g.ids[i]!] = distance[i]!;
  const unreachable: string[] = [];
  const deadEnds: string[] = [];
  const terminals: string[] = [];
  for (let i = 0; i < g.ids.length; i++) {
    if (distance[i]! < 0) unreachable.push(g.ids[i]!);
    if (g.isExit[i] === 1) terminals.push(g.ids[i]!);
    else if (g.outOffset[i + 1] === g.outOffset[i] && g.returns[i] === 0) deadEnds.push(g.ids[i]!);
  }
  const name = g.pathway.name;
  return {
    ...(typeof name === "string" && { name }),
    ...(g.start >= 0 && { start: g.ids[g.start] }),
    stats: getPathwayStats(g),
    globals: g.globals.map((i) => g.ids[i]!),
    strandingGlobals: getStrandingGlobals(g),
    terminals,
    unreachable,
    deadEnds,
    traps: getCycleGroups(g)
      .filter((members) => members.every((i) => can[i] === 0))
      .map((members) => members.map((i) => g.ids[i]!)),
    distances,
    variables: getVariableSummary(g, options),
    variableFindings: project(getVariableFindings(g, options)),
  };
}
