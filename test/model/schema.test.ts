// The committed JSON Schema is what the zod model generates, and it accepts the real files the model loads.
import { Ajv2020 } from "ajv/dist/2020.js";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatedSchemas } from "../../scripts/generate-schema.js";
import { ROOT } from "../support/cli.js";
import { itCorpus, parseableCorpus } from "../support/corpus.js";

const committed = JSON.parse(readFileSync(path.join(ROOT, "schemas/pathway.schema.json"), "utf8"));

describe("schemas/pathway.schema.json", () => {
  it.each(Object.entries(generatedSchemas))("schemas/%s is up to date with its zod model (run `npm run schema` when this fails)", (name, generate) => {
    expect(JSON.parse(readFileSync(path.join(ROOT, "schemas", name), "utf8"))).toEqual(generate());
  });

  itCorpus("is a draft 2020-12 schema that accepts every corpus file the validator finds no shape error in", () => {
    const validate = new Ajv2020({ strict: false }).compile(committed);
    const accepted = parseableCorpus.filter(({ value }) => validate(value)).map((f) => f.name);
    expect(accepted).toEqual([
      "docs-get-pathway-version-example.json",
      "ivr-claims-press-button.json",
      "ivr-workaround-custom-code-sms.json",
      "noshow-rebooking-v1-export.json",
      "pathwalk-pizzeria-dialect.json",
      "receptionist-auto-shop.json",
      "restaurant-2024-get-dump.json",
      "restaurant-history-6ebf769.json",
    ]);
  });

  it("rejects what editors should flag: an unknown extractVars type, temperature above 1", () => {
    const validate = new Ajv2020({ strict: false }).compile(committed);
    const node = (data: object) => ({ nodes: [{ id: "a", type: "Default", data }] });
    expect(validate(node({ extractVars: [["age", "float", "Age"]] }))).toBe(false);
    expect(validate(node({ modelOptions: { temperature: 1.5 } }))).toBe(false);
    expect(validate(node({ extractVars: [["age", "integer", "Age", true]], modelOptions: { temperature: 0.5 } }))).toBe(true);
  });
});

describe("example pathways", () => {
  const examples = readdirSync(path.join(ROOT, "pathways")).filter((f) => f.endsWith(".json"));

  it("exist", () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
  });

  it.each(examples)("%s names the schema so editors complete and check it", (file) => {
    expect(JSON.parse(readFileSync(path.join(ROOT, "pathways", file), "utf8")).$schema).toBe("../schemas/pathway.schema.json");
  });
});

describe("src/validate/generated/shape-validators.ts", () => {
  it("is the precompiled form of the current schema (run `npm run schema` when this fails)", async () => {
    const { generateValidatorsSource } = await import("../../scripts/generate-validators.js");
    expect(readFileSync(path.join(ROOT, "src/validate/generated/shape-validators.ts"), "utf8")).toBe(generateValidatorsSource());
  });
});
