// Import at scale: generated code for 5,000 nodes builds back to the same value, the work grows linearly, deep data is refused cleanly.
import { beforeAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { toBuilderCode, toBuilderCodeParts } from "../../src/codegen/index.js";
import { toCanonicalJson } from "../../src/model/index.js";
import { generatePathway } from "../../scripts/generate-pathway.js";
import { createTempProject } from "../support/temp-project.js";
import { cpuMsOf } from "../support/cpu-time.js";
import { SLOW_TESTS } from "../support/tiers.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BUILDER = pathToFileURL(path.join(ROOT, "src/builder/index.ts")).href;
let dir: string;

beforeAll(() => {
  dir = createTempProject({ "package.json": '{"type": "module"}\n' }, "pathwaykit-large-import-");
});

/** Many nodes share a name, as in real exports ("Ask again"), so generated constant names collide a lot. */
function largePathway(nodes: number) {
  const value = generatePathway({ nodes, edges: nodes * 3, seed: 7 }) as unknown as { nodes: { id: string; data: Record<string, unknown> }[] };
  value.nodes.forEach((node, i) => {
    node.id = `machine-id-${i}-0000-4000-8000`;
    if (i % 2 === 1) node.data.name = "Ask again";
  });
  return value;
}

describe("import at scale", () => {
  it.runIf(SLOW_TESTS)(
    "round-trips 5,000 nodes: the generated module builds back to the same JSON value",
    async () => {
      const value = generatePathway({ nodes: 5_000, edges: 15_000, seed: 3 });
      const code = await toBuilderCode(value, { importFrom: BUILDER });
      const file = path.join(dir, "large.pathway.ts");
      writeFileSync(file, code);
      const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as { default: { toJSON(): unknown } };
      expect(toCanonicalJson(mod.default.toJSON())).toBe(toCanonicalJson(value));
      // No expression chains more than a few hundred calls: the chain is cut into parts.
      expect(code).toMatch(/^const pathwayPart2 = pathwayPart$/m);
    },
    120_000,
  );

  it("plans code in time linear in the nodes, even when thousands of nodes share a name", () => {
    const time = (n: number) => {
      const value = largePathway(n);
      return cpuMsOf(() => toBuilderCodeParts(value));
    };
    time(2_000);
    const small = Math.min(time(2_000), time(2_000));
    const large = time(20_000);
    // Linear is 10x; counting names up from 2 for each repeat made it 100x.
    expect(large / small).toBeLessThan(35);
  }, 120_000);
});
