// Dense pathways for diagram tests and `npm run bench -- diagram`: hub-and-spoke sales flows, a complete graph, parallel edges, self-loops.
import type { Pathway, PathwayEdge, PathwayNode } from "../../src/model/index.js";
import { createRandom } from "../../scripts/generate-pathway.js";

const HUBS = ["Objection: price", "Objection: timing", "Objection: competitor", "Book appointment", "Transfer to sales", "End Call"];
const TAGS = [
  { name: "Qualify", color: "#2f6fdf" },
  { name: "Pitch", color: "#3c9a5f" },
  { name: "Close", color: "#d03b3b" },
];

function step(id: string, name: string, extra: Partial<PathwayNode["data"]> = {}): PathwayNode {
  return { id, type: "Default", data: { name, prompt: `Talk about ${name.toLowerCase()}.`, ...extra } };
}

/**
 * A sales flow like the ones real teams build: `steps` steps in a chain, every step also jumping to the same objection,
 * booking, transfer and End Call hubs (out-degree up to `outDegree`), with labelled edges and `data.tag` on each step.
 */
export function createHubAndSpoke(steps: number, outDegree: number, seed = 1): Pathway {
  const random = createRandom(seed);
  const nodes: PathwayNode[] = [];
  for (let i = 0; i < steps; i++)
    nodes.push(
      step(`s${i}`, `Step ${i} ${["greet", "qualify", "pitch", "confirm"][i % 4]}`, {
        ...(i === 0 && { isStart: true }),
        tag: TAGS[Math.floor((i * TAGS.length) / steps)]!,
      }),
    );
  HUBS.forEach((name, i) => nodes.push(name === "End Call" ? { id: `h${i}`, type: "End Call", data: { name, prompt: "Say goodbye." } } : step(`h${i}`, name)));
  const edges: PathwayEdge[] = [];
  const add = (source: string, target: string, label: string) => edges.push({ id: `e${edges.length}`, source, target, label });
  for (let i = 0; i < steps; i++) {
    if (i + 1 < steps) add(`s${i}`, `s${i + 1}`, `caller agrees ${i}`);
    // Every step can jump to every hub, some more than once with different wordings (parallel edges), and back a step.
    for (let k = 0; k < outDegree - 2; k++)
      add(`s${i}`, `h${k % HUBS.length}`, `caller says ${["too expensive", "not now", "other offer", "book it", "a person", "bye"][k % HUBS.length]} ${k}`);
    if (i > 0 && random() < 0.5) add(`s${i}`, `s${i - 1}`, `caller is unsure ${i}`);
  }
  for (let k = 0; k < HUBS.length - 1; k++) add(`h${k}`, `s${Math.floor(random() * steps)}`, "objection handled");
  return { name: `Dense sales ${steps}x${outDegree}`, nodes, edges };
}

/** Every node links to every other: `count` nodes, count x (count - 1) edges. */
export function createCompleteGraph(count: number): Pathway {
  const nodes = Array.from({ length: count }, (_, i) => step(`c${i}`, `Node ${i}`, i === 0 ? { isStart: true } : {}));
  const edges: PathwayEdge[] = [];
  for (let a = 0; a < count; a++)
    for (let b = 0; b < count; b++) if (a !== b) edges.push({ id: `e${edges.length}`, source: `c${a}`, target: `c${b}`, label: `to ${b}` });
  return { name: `Complete ${count}`, nodes, edges };
}

/** `count` edges between the same two nodes, plus one to an End Call. */
export function createParallelEdges(count: number): Pathway {
  const nodes = [step("a", "Ask", { isStart: true }), step("b", "Answer"), { id: "z", type: "End Call", data: { name: "Goodbye", prompt: "Bye." } }];
  const edges: PathwayEdge[] = Array.from({ length: count }, (_, i) => ({ id: `e${i}`, source: "a", target: "b", label: `wording ${i}` }));
  edges.push({ id: "last", source: "b", target: "z", label: "done" });
  return { name: `Parallel ${count}`, nodes, edges };
}

/** A chain of `count` nodes where every node also loops to itself (twice, with different labels). */
export function createSelfLoops(count: number): Pathway {
  const nodes = Array.from({ length: count }, (_, i) => step(`l${i}`, `Loop ${i}`, i === 0 ? { isStart: true } : {}));
  const edges: PathwayEdge[] = [];
  for (let i = 0; i < count; i++) {
    edges.push(
      { id: `e${edges.length}`, source: `l${i}`, target: `l${i}`, label: "repeat" },
      { id: `e${edges.length + 1}`, source: `l${i}`, target: `l${i}`, label: "say again" },
    );
    if (i + 1 < count) edges.push({ id: `e${edges.length}`, source: `l${i}`, target: `l${i + 1}`, label: "next" });
  }
  return { name: `Self-loops ${count}`, nodes, edges };
}

/** The dense pathways every diagram check and the bench draw, by a file-like name. */
export function getDensePathways(): { name: string; pathway: Pathway }[] {
  return [
    { name: "dense-sales-41x16.json", pathway: createHubAndSpoke(35, 16) },
    { name: "dense-sales-44x12.json", pathway: createHubAndSpoke(44, 12, 2) },
    { name: "dense-hub-80x20.json", pathway: createHubAndSpoke(80, 20, 3) },
    { name: "self-loops-60.json", pathway: createSelfLoops(60) },
    { name: "parallel-5000.json", pathway: createParallelEdges(5000) },
    { name: "complete-200.json", pathway: createCompleteGraph(200) },
  ];
}
