// Which variables a pathway reads before any node sets them, walking from the start node a request uses (the lint's analysis).
import { getSearchTree, getVariableFindings, getVariableProducers, SYSTEM_VARIABLES, getFlow, type FlowModel } from "../graph/index.js";
import { isObject, nodeData } from "../model/pathway.js";
import type { Pathway } from "../model/schema.js";

/** A variable the request has to supply: where the pathway first reads it. */
export interface RequiredVariable {
  name: string;
  /** The part before any dot; supplying it supplies `user.name` too. */
  root: string;
  nodeId: string;
  nodeName?: string;
  field: string;
  /** Pointer of the field in the pathway file. */
  path: (string | number)[];
  /**
   * A node sets it first on some paths but not on others (the lint's maybe-unset case): only the other paths need the
   * request's value. False when no path from the start sets it before this read.
   */
  maybeUnset: boolean;
}

/** Nodes reached from `sources` (not counting a source itself unless a path returns to it); globals once a non-global node is. */
function getReachedFrom(g: FlowModel, sources: readonly number[]): Uint8Array {
  const reached = new Uint8Array(g.ids.length);
  const queue: number[] = [];
  let globalsReleased = g.globals.length === 0;
  const visit = (w: number) => {
    if (reached[w] === 0) {
      reached[w] = 1;
      queue.push(w);
    }
  };
  const expand = (v: number) => {
    for (let p = g.outOffset[v]!, end = g.outOffset[v + 1]!; p < end; p++) visit(g.outTarget[p]!);
    if (!globalsReleased && g.isGlobal[v] === 0) {
      globalsReleased = true;
      for (const w of g.globals) visit(w);
    }
  };
  for (const s of sources) expand(s);
  for (let head = 0; head < queue.length; head++) expand(queue[head]!);
  return reached;
}

/** The pathway with the start moved to `startNodeId`, so the analysis walks from where the call really begins. */
function withStart(pathway: Pathway, startNodeId: string): Pathway {
  const nodes = (pathway.nodes as unknown[]).map((node) => {
    if (!isObject(node) || typeof node.id !== "string") return node;
    const data = isObject(node.data) ? node.data : {};
    return { ...node, data: { ...data, isStart: node.id === startNodeId } };
  });
  return { ...pathway, nodes } as Pathway;
}

/** The graph a request walks: the pathway's own start, or `startNodeId` when the pathway has such a node. */
export function getRequestGraph(pathway: Pathway, startNodeId?: string): FlowModel {
  const g = getFlow(pathway);
  if (startNodeId === undefined || !g.indexOf.has(startNodeId) || g.ids[g.start] === startNodeId) return g;
  return getFlow(withStart(pathway, startNodeId));
}

/**
 * Variables read, on some path from the start used, before any node sets them: what request_data (or dynamic_data, or
 * the system) must supply. One entry per name, at its first use in file order (its first read no path sets first, when
 * there is one). Uses in nodes that cannot be reached are left out: they never run.
 */
export function getRequiredVariables(graph: FlowModel, systemVariables: readonly string[] = []): RequiredVariable[] {
  const { distance } = getSearchTree(graph);
  const findings = getVariableFindings(graph, { systemVariables });
  const definers = new Map<string, number[]>();
  for (const d of getVariableProducers(graph).definitions) {
    const i = graph.indexOf.get(d.nodeId)!;
    if (distance[i]! < 0) continue;
    const list = definers.get(d.name);
    if (list) list.push(i);
    else definers.set(d.name, [i]);
  }
  // Per name, the nodes some reachable setter leads to: a read there is set first on at least one path.
  const afterSetters = new Map<string, Uint8Array>();
  const setFirstSomewhere = (name: string, root: string, i: number) => {
    const key = definers.has(name) ? name : root;
    let reached = afterSetters.get(key);
    if (!reached) {
      reached = getReachedFrom(graph, definers.get(key) ?? []);
      afterSetters.set(key, reached);
    }
    return reached[i] === 1;
  };
  const maybe = new Set(findings.maybeUnset);
  const byName = new Map<string, RequiredVariable>();
  for (const use of [...findings.undefined, ...findings.maybeUnset].sort((a, b) => a.nodeIndex - b.nodeIndex)) {
    // nodeIndex counts entries of nodes[] in the file; the graph numbers unique nodes, so go through the id.
    const i = graph.indexOf.get(use.nodeId);
    if (i === undefined || distance[i]! < 0) continue;
    const maybeUnset = maybe.has(use) && setFirstSomewhere(use.name, use.root, i);
    // A later read that no path sets first outranks an earlier maybe-unset one: it is the request's to supply.
    const known = byName.get(use.name);
    if (known && (!known.maybeUnset || maybeUnset)) continue;
    const node = graph.nodes[i]!.node;
    const name = nodeData(node).name;
    byName.set(use.name, {
      name: use.name,
      root: use.root,
      nodeId: use.nodeId,
      ...(typeof name === "string" && { nodeName: name }),
      field: use.field,
      path: use.path,
      maybeUnset,
    });
  }
  return [...byName.values()];
}

/** True when `name` (or its root before a dot) is a system variable or in `supplied`. */
export function isSupplied(name: string, supplied: ReadonlySet<string>): boolean {
  const root = name.split(".")[0]!;
  return supplied.has(name) || supplied.has(root) || SYSTEM_VARIABLES.includes(name) || SYSTEM_VARIABLES.includes(root);
}
