// Import then build gives back the same JSON value: on every parseable real file and on generated wild pathways.
import { beforeAll, describe, expect, test } from "vitest";
import fc from "fast-check";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { toBuilderCode } from "../../src/codegen/index.js";
import { toCanonicalJson } from "../../src/model/index.js";
import { parseDocument } from "../../src/parse/index.js";
import { generatePathway } from "../../scripts/generate-pathway.js";
import { corpusFiles, describeCorpus, readCorpus } from "../support/corpus.js";
import { validPathway } from "../support/arbitraries.js";
import { createTempProject } from "../support/temp-project.js";
import { propertyRuns } from "../support/tiers.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BUILDER = pathToFileURL(path.join(ROOT, "src/builder/index.ts")).href;
let dir: string;
let counter = 0;

beforeAll(() => {
  dir = createTempProject({ "package.json": '{"type": "module"}\n' }, "pathwaykit-import-");
});

/** Generates the code, loads it as a user's module would be loaded, and returns the builder's JSON value. */
async function roundTrip(value: unknown): Promise<{ code: string; rebuilt: unknown }> {
  const code = await toBuilderCode(value, { importFrom: BUILDER });
  const file = path.join(dir, `p${counter++}.pathway.ts`);
  writeFileSync(file, code);
  const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as { default: { toJSON(): unknown } };
  return { code, rebuilt: mod.default.toJSON() };
}

const parseable = corpusFiles.flatMap((name) => {
  const parsed = parseDocument(readCorpus(name));
  return parsed.ok ? [{ name, value: parsed.value }] : [];
});

describeCorpus("round trip on the real corpus", () => {
  test("the corpus has parseable files to check", () => {
    expect(parseable.length).toBeGreaterThanOrEqual(6);
  });

  test.each(parseable)("$name builds back to the same JSON value", async ({ value }) => {
    const { rebuilt } = await roundTrip(value);
    expect(toCanonicalJson(rebuilt)).toBe(toCanonicalJson(value));
  });

  test("uses helpers, not only escape hatches, for a real export", async () => {
    const receptionist = parseable.find((p) => p.name === "receptionist-auto-shop.json")!;
    const { code } = await roundTrip(receptionist.value);
    expect(code).toContain('const greetingId = "a1000000-0000-4000-8000-000000000001";');
    expect(code).toContain(".start(greetingId, defaultNode({");
    expect(code).toMatch(/\.edge\(\n\s+greetingId,\n\s+offerAvailabilityId,\n/);
    expect(code).toContain("webhook({");
    expect(code).toContain("transfer({");
    expect(code).toContain(".global(");
    expect(code).toContain('pathway({ edgeDefaults: { labelAt: "data", type: "custom" } })');
    expect(code).toMatch(/^const greetingPrompt = `## Background$/m);
    expect(code).toContain(".globalPrompt(");
  });
});

/** Strings that are hard to write as TypeScript: quotes, backticks, `${`, backslashes, CR, lone surrogates, U+2028. */
const trickyString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom("`${x}`", "\\", "a\r\nb", "\ud800", "\udc00x", "\u2028", "__proto__", 'it\'s "quoted"', `${"x".repeat(200)}\n${"y".repeat(200)}`),
);
const jsonValue = fc.jsonValue({ maxDepth: 2 });
const extraKeys = fc.dictionary(fc.oneof(trickyString, fc.constantFrom("__proto__", "constructor", "position", "data", "label")), jsonValue, {
  maxKeys: 3,
});

/** Generated pathways (scripts/generate-pathway.ts), then mutated in the ways real files differ from the docs. */
const wildPathway = fc
  .record({
    nodes: fc.integer({ min: 2, max: 8 }),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    nodeExtras: fc.array(extraKeys, { maxLength: 8 }),
    dataExtras: fc.array(extraKeys, { maxLength: 8 }),
    edgeExtras: fc.array(extraKeys, { maxLength: 8 }),
    labelInData: fc.array(fc.boolean(), { maxLength: 8 }),
    texts: fc.array(trickyString, { maxLength: 8 }),
    globalAt: fc.option(fc.nat(), { nil: undefined }),
    globalPrompt: trickyString,
    rawEntries: fc.array(fc.tuple(fc.nat(), jsonValue), { maxLength: 2 }),
    danglingEdge: fc.boolean(),
    topExtra: extraKeys,
    dropEdges: fc.boolean(),
  })
  .map((r) => {
    const base = generatePathway({ nodes: r.nodes, edges: r.nodes * 2, seed: r.seed }) as unknown as {
      nodes: Record<string, unknown>[];
      edges: Record<string, unknown>[];
    } & Record<string, unknown>;
    const nodes: unknown[] = base.nodes.map((n, i) => {
      const data = { ...(n.data as object), ...r.dataExtras[i] } as Record<string, unknown>;
      if (r.texts[i] !== undefined) data.prompt = r.texts[i];
      return { ...n, ...r.nodeExtras[i], id: n.id, type: n.type, data };
    });
    const edges: unknown[] = base.edges.map((e, i) => {
      const { label, ...rest } = e;
      const moved = r.labelInData[i] ? { ...rest, type: "custom", data: { label } } : e;
      return { ...moved, ...r.edgeExtras[i] };
    });
    if (r.danglingEdge) edges.push({ id: "dangling", source: "node-0", target: "nowhere", label: "lost" });
    if (r.globalAt !== undefined) nodes.splice(r.globalAt % (nodes.length + 1), 0, { globalConfig: { globalPrompt: r.globalPrompt } });
    for (const [at, raw] of r.rawEntries) nodes.splice(at % (nodes.length + 1), 0, raw);
    const top: Record<string, unknown> = { ...r.topExtra, name: base.name, description: base.description, nodes };
    if (!r.dropEdges) top.edges = edges;
    return top;
  });

describe("round trip on generated pathways", () => {
  test("wild generated pathways build back to the same JSON value", async () => {
    await fc.assert(
      fc.asyncProperty(wildPathway, async (value) => {
        const { rebuilt } = await roundTrip(value);
        expect(toCanonicalJson(rebuilt)).toBe(toCanonicalJson(value));
      }),
      { numRuns: propertyRuns(10, 40) },
    );
  });

  test("valid pathways in both label styles build back to the same JSON value", async () => {
    await fc.assert(
      fc.asyncProperty(validPathway, async (value) => {
        const { rebuilt } = await roundTrip(value);
        expect(toCanonicalJson(rebuilt)).toBe(toCanonicalJson(value));
      }),
      { numRuns: propertyRuns(10, 30) },
    );
  });
});

describe("refusals", () => {
  test("a value that is not a pathway object is refused with a TypeError", async () => {
    await expect(toBuilderCode([1, 2])).rejects.toThrow(TypeError);
    await expect(toBuilderCode({ nodes: false })).rejects.toThrow(/no "nodes" array/);
  });
});
