// Generator of large synthetic pathways for benchmarks and property tests: deterministic for a seed, and valid.
import type { Pathway, PathwayEdge, PathwayNode } from "../src/model/index.js";

/** Options of `generatePathway`; all optional. */
export interface GenerateOptions {
  /** Number of nodes (default 100). */
  nodes?: number;
  /** Number of edges (default 3x nodes). */
  edges?: number;
  /** PRNG seed (default 1). */
  seed?: number;
  /** Share of nodes that are End Call (default 0.05). */
  endShare?: number;
  /**
   * A pathway the linter finds nothing in (default false): every node has a way out to an End Call, and prompts use
   * only a variable the start node collects. The default pathway has about 2,000 findings per 10,000 nodes.
   */
  clean?: boolean;
  /**
   * Share of nodes that are Route nodes (default 0): each routes on `x` to the next node (x == 1), to the one after when
   * x is both 1 and 2 (a route no input can take), else falls back to the third; none is the source of an edge. Real
   * pathways route on variables, and routes the scenario generator cannot satisfy were its slowest case.
   */
  routeShare?: number;
}

/** mulberry32: a tiny deterministic PRNG, so a seed always gives the same pathway. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ["book", "cancel", "reschedule", "price", "hours", "human", "order", "menu", "refund", "address", "confirm", "repeat"];

/**
 * A pathway of `nodes` nodes and `edges` edges: node 0 is the start, every node is reached by a tree edge from an
 * earlier node, the rest of the edges are random, about 5% of nodes are End Call, and some collect and use variables.
 */
export function generatePathway(options: GenerateOptions = {}): Pathway {
  const count = Math.max(2, options.nodes ?? 100);
  const edgeCount = Math.max(count - 1, options.edges ?? count * 3);
  const random = createRandom(options.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const endShare = options.endShare ?? 0.05;
  const nodes: PathwayNode[] = [];
  for (let i = 0; i < count; i++) {
    const id = `node-${i}`;
    const isEnd = i > 0 && (i === count - 1 || random() < endShare);
    const word = pick(WORDS);
    // Drawn only when asked for, so that pathways without routes stay the same for a seed.
    const isRoute = !isEnd && i > 0 && i < count - 3 && (options.routeShare ?? 0) > 0 && random() < options.routeShare!;
    const node: PathwayNode = isEnd
      ? { id, type: "End Call", data: { name: `End ${i}`, prompt: `Thank the caller and say goodbye (${word}).` } }
      : isRoute
        ? {
            id,
            type: "Route",
            data: {
              name: `Route ${i} ${word}`,
              routes: [
                { targetNodeId: `node-${i + 1}`, conditions: [{ field: "x", operator: "==", value: "1" }] },
                {
                  targetNodeId: `node-${i + 2}`,
                  conditions: [
                    { field: "x", operator: "==", value: "1" },
                    { field: "x", operator: "==", value: "2" },
                  ],
                },
              ],
              fallbackNodeId: `node-${i + 3}`,
            },
          }
        : {
            id,
            type: "Default",
            data: {
              name: `Step ${i} ${word}`,
              prompt:
                `Ask the caller about ${word}. ${i > 0 && i % 7 === 0 ? `Use {{${options.clean ? "caller_name" : `var_${i - 7}`}}} if known.` : ""}`.trim(),
              ...(i === 0 && { isStart: true }),
              ...(options.clean
                ? i === 0 && { extractVars: [["caller_name", "string", "The caller's name"]] }
                : i % 7 === 0 && { extractVars: [[`var_${i}`, "string", `The caller's answer about ${word}`]] }),
            },
            position: { x: (i % 50) * 250, y: Math.floor(i / 50) * 150 },
          };
    nodes.push(node);
  }
  const edges: PathwayEdge[] = [];
  // End Call and Route nodes are the source of no edge (a Route moves on by its routes).
  const hasNoEdges = (i: number) => nodes[i]!.type === "End Call" || nodes[i]!.type === "Route";
  const sources: number[] = nodes.map((_, i) => i).filter((i) => !hasNoEdges(i));
  for (let i = 1; i < count; i++) {
    // A tree edge from an earlier non-terminal node keeps every node reachable.
    let source = Math.floor(random() * i);
    while (hasNoEdges(source)) source = Math.floor(random() * i);
    edges.push({ id: `e${edges.length}`, source: `node-${source}`, target: `node-${i}`, label: `caller wants ${pick(WORDS)} ${i}` });
  }
  if (options.clean) {
    // Every node that speaks gets a way out, to the last node (an End Call), so there are no dead ends or traps.
    const last = `node-${count - 1}`;
    for (const i of sources) edges.push({ id: `e${edges.length}`, source: `node-${i}`, target: last, label: `caller is done ${i}` });
  }
  while (edges.length < edgeCount) {
    const source = pick(sources);
    const target = Math.floor(random() * count);
    edges.push({ id: `e${edges.length}`, source: `node-${source}`, target: `node-${target}`, label: `caller mentions ${pick(WORDS)} ${edges.length}` });
  }
  return { name: `Generated ${count}`, description: `Synthetic pathway with ${count} nodes and ${edges.length} edges`, nodes, edges };
}
