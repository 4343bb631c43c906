// fast-check arbitraries: valid pathways in the shapes real files use (both label places, unknown keys, globalConfig).
import fc from "fast-check";
import type { Pathway } from "../../src/model/index.js";

const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== "");
const unknownKeys = fc.dictionary(
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((k) => !["id", "type", "data", "label", "source", "target", "nodes", "edges", "name", "description"].includes(k)),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 2 },
);

/** A valid pathway: unique ids, one start node, edges between existing nodes, typed data, extra keys anywhere. */
export const validPathway: fc.Arbitrary<Pathway> = fc
  .record({
    count: fc.integer({ min: 1, max: 12 }),
    kinds: fc.array(fc.constantFrom("Default", "End Call", "Transfer Call", "Knowledge Base", "Webhook", "Wait for Response"), {
      minLength: 12,
      maxLength: 12,
    }),
    names: fc.array(text, { minLength: 12, maxLength: 12 }),
    edgePairs: fc.array(fc.tuple(fc.nat(), fc.nat(), text, fc.boolean()), { maxLength: 20 }),
    extras: fc.array(unknownKeys, { minLength: 12, maxLength: 12 }),
    topExtra: unknownKeys,
    globalConfig: fc.option(text, { nil: undefined }),
  })
  .map(({ count, kinds, names, edgePairs, extras, topExtra, globalConfig }) => {
    const nodes: Record<string, unknown>[] = [];
    for (let i = 0; i < count; i++) {
      const type = i === 0 ? "Default" : kinds[i]!;
      const data: Record<string, unknown> = { name: names[i], ...extras[i] };
      if (i === 0) data.isStart = true;
      if (type === "Default" || type === "End Call") data.prompt = `Say ${names[i]}`;
      if (type === "Transfer Call") data.transferNumber = "+15550000000";
      if (type === "Knowledge Base") data.kb = `Facts about ${names[i]}`;
      if (type === "Webhook") Object.assign(data, { url: "https://hooks.example.com/x", method: "POST" });
      nodes.push({ id: `n${i}`, type, data });
    }
    const edges = edgePairs.map(([s, t, label, underData], i) => ({
      id: `e${i}`,
      source: `n${s % count}`,
      target: `n${t % count}`,
      ...(underData ? { type: "custom", data: { label } } : { label }),
    }));
    const all = globalConfig === undefined ? nodes : [...nodes, { globalConfig: { globalPrompt: globalConfig } }];
    return { ...topExtra, name: "generated", nodes: all, edges } as Pathway;
  });

/** Shuffles an array with a fast-check-provided permutation seed. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
