// The node-type registry is complete: every descriptor has every part, a file and a test of its own, and every layer's table covers it.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as api from "../../../src/index.js";
import { VARIABLE_FIELDS } from "../../../src/graph/index.js";
import { getNodeType, NODE_TYPES, type NodeTypeDescriptor } from "../../../src/model/node-types/index.js";
import { DOCUMENTED_NODE_TYPES, KNOWN_NODE_TYPES } from "../../../src/model/vocabulary.js";
import { ROOT } from "../../support/cli.js";

/** Every part a descriptor has, and the keys of its parts that are objects: none may be missing, none may be unknown. */
const PARTS: Record<keyof NodeTypeDescriptor, readonly string[] | null> = {
  type: null,
  aliases: null,
  documentedAs: null,
  summary: null,
  flow: ["exit", "movesOn", "runs"],
  templates: null,
  builder: null,
  diagram: ["kind"],
  call: ["passedWithoutCaller"],
};

/** The node types the service's documentation names, in its order (seed part 2.5). */
const DOCUMENTATION = ["Default", "End Call", "Transfer Node", "Knowledge Base", "Webhook"];

/** `Transfer Call` -> `transfer-call`: a descriptor's file (and test file) name. */
const fileName = (type: string) => type.toLowerCase().replace(/\s+/g, "-");

const SRC = path.join(ROOT, "src/model/node-types");
const TESTS = path.join(ROOT, "test/model/node-types");

describe("node-type registry", () => {
  it.each(NODE_TYPES.map((d) => [d.type, d] as const))("%s has every part, each decided (null or false, never left out)", (_, d) => {
    expect(Object.keys(d).sort()).toEqual(Object.keys(PARTS).sort());
    for (const [part, keys] of Object.entries(PARTS)) {
      const value = (d as unknown as Record<string, unknown>)[part];
      expect(value, part).not.toBeUndefined();
      if (keys) expect(Object.keys(value as object).sort(), part).toEqual([...keys].sort());
      if (keys) for (const key of keys) expect((value as Record<string, unknown>)[key], `${part}.${key}`).not.toBeUndefined();
    }
    expect(d.summary.trim()).not.toBe("");
    if (d.builder) expect(Object.keys(d.builder).filter((k) => !["name", "options", "requires", "typeOption"].includes(k))).toEqual([]);
  });

  it("has one file per type, named after it, and registers every file there (no folder scan at run time)", () => {
    const files = readdirSync(SRC).filter((f) => f.endsWith(".ts") && f !== "index.ts" && f !== "descriptor.ts");
    expect(files.sort()).toEqual(NODE_TYPES.map((d) => `${fileName(d.type)}.ts`).sort());
  });

  it("has a test file per type", () => {
    const tests = readdirSync(TESTS).filter((f) => f.endsWith(".test.ts") && f !== "registry.test.ts");
    expect(tests.sort()).toEqual(NODE_TYPES.map((d) => `${fileName(d.type)}.test.ts`).sort());
  });

  it("knows each spelling once, whatever type it belongs to", () => {
    const spellings = NODE_TYPES.flatMap((d) => [d.type, ...d.aliases]);
    expect(new Set(spellings).size).toBe(spellings.length);
    for (const d of NODE_TYPES) if (d.documentedAs !== null) expect([d.type, ...d.aliases]).toContain(d.documentedAs);
  });

  it("lists the documented types first, in the documentation's order, and derives the public vocabulary from that order", () => {
    expect(DOCUMENTED_NODE_TYPES).toEqual(DOCUMENTATION);
    expect(NODE_TYPES.slice(0, DOCUMENTATION.length).map((d) => d.documentedAs)).toEqual(DOCUMENTATION);
    expect(new Set(KNOWN_NODE_TYPES)).toEqual(new Set(NODE_TYPES.flatMap((d) => [d.type, ...d.aliases])));
    expect(KNOWN_NODE_TYPES.slice(0, DOCUMENTATION.length)).toEqual(DOCUMENTATION);
  });

  it("finds no type for what the registry does not spell exactly", () => {
    for (const type of ["", "webhook", "Transfer", "__proto__", "constructor", undefined, null, 3]) expect(getNodeType(type)).toBeUndefined();
  });

  it("names builder helpers that pathwaykit exports (generated code imports them), whose requirements are options of the helper", () => {
    const exported = api as unknown as Record<string, unknown>;
    for (const d of NODE_TYPES) {
      if (!d.builder) continue;
      expect(typeof exported[d.builder.name], d.builder.name).toBe("function");
      const keys = ["name", "text", "prompt", "condition", ...d.builder.options.map(([key]) => key)];
      for (const anyOf of d.builder.requires) for (const key of anyOf) expect(keys, `${d.type} requires ${key}`).toContain(key);
    }
    const helpers = NODE_TYPES.flatMap((d) => (d.builder ? [d.builder.name] : []));
    expect(new Set(helpers).size).toBe(helpers.length);
  });

  it("puts every type's template fields in the variable analysis's one list, each name once", () => {
    const names = VARIABLE_FIELDS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const d of NODE_TYPES) for (const t of d.templates) expect(names, `${d.type}: ${t.name}`).toContain(t.name);
  });
});
