// ELK's layered layout of a DirectedGraph, run in a worker thread (elkjs is loaded there, lazily) so it can time out.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { DirectedGraph } from "../export/index.js";
import { getTagGroups } from "./groups.js";
import { getNestedInput, readNested, type ElkEdgeIn, type ElkNodeIn, type ElkNodeOut } from "./nested.js";
import { getGlobalEdgeIndexes, MARGIN, placeAround } from "./place.js";
import { getStraightEdge } from "./ranks.js";
import { getLabelSize, getNodeSize } from "./sizes.js";
import type { GraphLayout, LaidOutGroup } from "./types.js";

/** Options of `getElkLayout`; all optional. */
export interface ElkLayoutOptions {
  /** Give up after this many milliseconds (default 120,000). The worker is stopped, so no CPU is spent after it. */
  timeoutMs?: number;
  /**
   * Most flow edges ELK routes itself (default 600). Beyond it ELK places the nodes by a spanning forest of the flow
   * (breadth-first from the start) and the other edges are drawn straight: 500 nodes / 1,500 edges then take about
   * 2.4 s of CPU instead of 20 s, and 2,000 / 6,000 about 6 s instead of over 5 minutes (`npm run bench -- report`).
   */
  maxRoutedEdges?: number;
  /** Lay out nodes sharing a `data.tag` name inside one frame (default true). */
  groups?: boolean;
}

/** Most flow edges ELK routes itself by default (see ElkLayoutOptions.maxRoutedEdges). */
export const DEFAULT_MAX_ROUTED_EDGES = 600;

/** Space between two nodes of one layer (ELK's `elk.spacing.nodeNode`). */
export const ELK_NODE_SPACING = 28;

/** The edges of a breadth-first spanning forest of `edges` (indexes into graph.edges), from the start node first. */
function getSpanningForest(graph: DirectedGraph, edges: readonly number[]): number[] {
  const out = new Map<string, number[]>();
  for (const i of edges) {
    const from = graph.edges[i]!.from;
    let list = out.get(from);
    if (!list) out.set(from, (list = []));
    list.push(i);
  }
  const seen = new Set<string>();
  const forest: number[] = [];
  const roots = [...graph.nodes.filter((n) => n.start && !n.global), ...graph.nodes.filter((n) => !n.start && !n.global)];
  for (const root of roots) {
    if (seen.has(root.key)) continue;
    seen.add(root.key);
    const queue = [root.key];
    for (let head = 0; head < queue.length; head++) {
      for (const i of out.get(queue[head]!) ?? []) {
        const to = graph.edges[i]!.to;
        if (seen.has(to)) continue;
        seen.add(to);
        queue.push(to);
        forest.push(i);
      }
    }
  }
  return forest;
}

/** ELK did not finish within the time allowed. */
export class LayoutTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    // The limit as the user gave it: rounded, --timeout 500ms read "within 1 s" and 200ms "within 0 s".
    super(`the layout did not finish within ${timeoutMs / 1000} s`);
    this.name = "LayoutTimeoutError";
  }
}

/**
 * Layered layout options. Orthogonal routing and ELK's own label placement keep edge labels apart from nodes and each
 * other. Thoroughness 1 (default 7) and no greedy-switch pass: on 400 nodes / 900 labelled edges this took 4.5 s of
 * CPU against minutes with the defaults, with little visible difference (see `npm run bench -- report`).
 */
const ELK_OPTIONS = {
  "elk.algorithm": "layered",
  "elk.edgeRouting": "ORTHOGONAL",
  "elk.layered.spacing.nodeNodeBetweenLayers": "46",
  "elk.spacing.nodeNode": String(ELK_NODE_SPACING),
  "elk.spacing.edgeLabel": "4",
  "elk.spacing.edgeEdge": "10",
  "elk.layered.thoroughness": "1",
  "elk.layered.crossingMinimization.greedySwitch.type": "OFF",
  "elk.layered.nodePlacement.strategy": "BRANDES_KOEPF",
  "elk.edgeLabels.placement": "CENTER",
  // Children are sent in breadth-first order from the start, and edges against that order are the ones reversed: the
  // main flow reads top to bottom. ELK's default (greedy) put a 35-step chain with back edges into 9 wide layers.
  "elk.layered.cycleBreaking.strategy": "MODEL_ORDER",
  "elk.layered.considerModelOrder.strategy": "NODES_AND_EDGES",
  // Unconnected parts are packed towards a portrait page rather than side by side in one wide row.
  "elk.aspectRatio": "0.7",
};

/** The flow nodes in breadth-first order from the start node (then each node not yet reached, in file order). */
function getFlowOrder(graph: DirectedGraph, flowEdges: readonly number[]): DirectedGraph["nodes"] {
  const out = new Map<string, string[]>();
  for (const i of flowEdges) {
    const e = graph.edges[i]!;
    let list = out.get(e.from);
    if (!list) out.set(e.from, (list = []));
    list.push(e.to);
  }
  const flow = graph.nodes.filter((n) => !n.global);
  const byKey = new Map(flow.map((n) => [n.key, n]));
  const seen = new Set<string>();
  const order: DirectedGraph["nodes"] = [];
  for (const root of [...flow.filter((n) => n.start), ...flow]) {
    if (seen.has(root.key)) continue;
    seen.add(root.key);
    const queue = [root.key];
    for (let head = 0; head < queue.length; head++) {
      order.push(byKey.get(queue[head]!)!);
      for (const next of out.get(queue[head]!) ?? []) {
        if (seen.has(next) || !byKey.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return order;
}

/** The worker's code (CommonJS, evaluated): one ELK, laying out each graph it is sent and posting the result back by id. */
const WORKER_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const ELK = require(workerData.elk);
const elk = new ELK();
parentPort.on("message", ({ id, graph }) => {
  elk.layout(graph).then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String((error && error.message) || error) }),
  );
});`;

type ElkWorker = Worker;

/** One worker for every layout of the process: loading ELK costs a second or more of CPU, so it is paid once. */
let shared: ElkWorker | undefined;
let nextId = 0;

/**
 * Runs ELK on `input` in the shared worker thread; rejects with LayoutTimeoutError after `timeoutMs` (the worker is
 * then stopped and the next layout starts a new one). The worker only keeps the process alive while it works.
 */
async function runElk(input: ElkNodeIn, timeoutMs: number): Promise<ElkNodeOut> {
  if (!shared) shared = new Worker(WORKER_CODE, { eval: true, workerData: { elk: createRequire(import.meta.url).resolve("elkjs/lib/elk.bundled.js") } });
  const worker = shared;
  const id = nextId++;
  worker.ref();
  return new Promise<ElkNodeOut>((resolve, reject) => {
    const stop = () => {
      if (shared === worker) shared = undefined;
      void worker.terminate();
    };
    const cleanup = () => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      worker.unref();
    };
    const timer = setTimeout(() => {
      cleanup();
      stop();
      reject(new LayoutTimeoutError(timeoutMs));
    }, timeoutMs);
    const onMessage = (m: { id: number; result?: ElkNodeOut; error?: string }) => {
      if (m.id !== id) return;
      cleanup();
      if (m.error !== undefined) reject(new Error(`ELK failed: ${m.error}`));
      else resolve(m.result!);
    };
    const onError = (error: Error) => {
      cleanup();
      stop();
      reject(error);
    };
    const onExit = () => {
      cleanup();
      if (shared === worker) shared = undefined;
      reject(new Error("the layout worker stopped before it finished"));
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage({ id, graph: input });
  });
}

/**
 * Lays out the flow of `graph` (every non-global node and the edges between them) with ELK's layered algorithm, in the
 * graph's direction, with sizes from the caption lengths; global nodes go in a column to the right (see GraphLayout).
 */
export async function getElkLayout(graph: DirectedGraph, options: ElkLayoutOptions = {}): Promise<GraphLayout> {
  const globalEdges = getGlobalEdgeIndexes(graph);
  const skip = new Set(globalEdges);
  const flowEdges = graph.edges.map((_, i) => i).filter((i) => !skip.has(i));
  const flowNodes = getFlowOrder(graph, flowEdges);
  const routed = flowEdges.length > (options.maxRoutedEdges ?? DEFAULT_MAX_ROUTED_EDGES) ? getSpanningForest(graph, flowEdges) : flowEdges;
  const elkEdges: ElkEdgeIn[] = routed.map((i) => {
    const e = graph.edges[i]!;
    const size = getLabelSize(e);
    return { id: `e${i}`, sources: [e.from], targets: [e.to], ...(size && { labels: [{ text: e.label!, ...size }] }) };
  });
  const flowOptions = { ...ELK_OPTIONS, "elk.direction": graph.direction === "LR" ? "RIGHT" : "DOWN" };
  const groups = options.groups === false ? [] : getTagGroups(graph, flowNodes);
  const leaves = flowNodes.map((n) => ({ id: n.key, ...getNodeSize(n) }));
  const input: ElkNodeIn = getNestedInput(leaves, elkEdges, groups, flowOptions);
  const out = flowNodes.length === 0 ? { id: "root", width: 0, height: 0 } : await runElk(input, options.timeoutMs ?? 120_000);
  const { nodes, edges, frames } = readNested(out, new Map(groups.map((g) => [g.id, g.tag])));
  if (routed.length < flowEdges.length) {
    const done = new Set(routed);
    const boxes = new Map(nodes.map((n) => [n.key, n]));
    for (const i of flowEdges) if (!done.has(i)) edges.push(getStraightEdge(graph, i, boxes.get(graph.edges[i]!.from)!, boxes.get(graph.edges[i]!.to)!));
  }
  const placed = placeAround(graph, "elk", { width: out.width ?? 0, height: out.height ?? 0, nodes, edges }, globalEdges);
  const layout = frames.length === 0 ? placed : { ...placed, groups: frames.map((f): LaidOutGroup => ({ ...f, x: f.x + MARGIN, y: f.y + MARGIN })) };
  return routed.length < flowEdges.length ? { ...layout, straightEdges: flowEdges.length - routed.length } : layout;
}
