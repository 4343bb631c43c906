// Keeps the layers' arrows pointing one way (house style): each src/ folder may import only the layers listed here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KNOWN_NODE_TYPES } from "../src/model/vocabulary.js";
import { ROOT } from "./support/cli.js";

/** Layer -> layers it may import (itself is always allowed). cli/ sits on top: it imports engine, host and format, and types from anywhere. */
const ALLOWED: Record<string, string[]> = {
  model: [],
  diagnostics: ["model"],
  parse: ["model", "diagnostics"],
  // The one rule shape, runner, severity resolver and placement of findings, below every layer that has rules.
  rules: ["model", "diagnostics", "parse"],
  validate: ["model", "diagnostics", "parse", "rules"],
  graph: ["model"],
  lint: ["model", "diagnostics", "parse", "graph", "rules", "validate"],
  builder: ["model", "diagnostics", "validate"],
  codegen: ["model", "diagnostics", "parse", "validate", "builder"],
  export: ["model", "graph", "escape"],
  render: ["model", "graph", "export"],
  layout: ["model", "graph", "export", "escape"],
  report: ["model", "diagnostics", "graph", "export", "layout", "diff", "simulate", "escape"],
  simulate: ["model", "diagnostics", "parse", "graph"],
  remote: ["model", "diagnostics", "parse"],
  // The diff reads the one flow model (house style) for the ways a removed node or route leaves behind.
  diff: ["model", "diagnostics", "parse", "graph"],
  format: ["diagnostics", "graph", "escape"],
  // remote: the redactor and the answer cap's default; simulate: the interactive chat loop drives the transition function.
  cli: ["engine", "host", "format", "escape", "remote", "simulate", "lsp", "mcp"],
  // The language server sits beside cli/: it runs the engine's operations and reads the graph for the editor features.
  lsp: ["engine", "host", "model", "diagnostics", "parse", "graph", "lint", "requests", "escape"],
  // The MCP server sits beside cli/ and lsp/: another thin adapter, running the engine's operations as tools.
  mcp: ["engine", "host", "format", "escape", "diagnostics", "parse", "rules"],
  requests: ["model", "diagnostics", "parse", "graph", "rules"],
  // Call records mapped onto the one flow model; replay reads the simulator's conditions.
  calls: ["model", "diagnostics", "parse", "graph", "simulate"],
  engine: [
    "host",
    "model",
    "diagnostics",
    "parse",
    "rules",
    "validate",
    "graph",
    "lint",
    "builder",
    "codegen",
    "export",
    "render",
    "simulate",
    "remote",
    "diff",
    "format",
    "requests",
    "layout",
    "report",
    "escape",
    "calls",
  ],
  // Files, stdin, environment, clock and network; remote: the capped fetch reads answers through remote's capped body reader.
  host: ["remote"],
  escape: [],
};

/**
 * Layer -> layers it may import types from (and nothing else): a type import costs nothing at run time, so these add
 * no runtime arrow. format/ prints what the diff, simulate and remote layers return, and names those layers' result
 * types instead of declaring copies of them (house style: format imports "result types of the layers it prints");
 * remote/'s changelog of saved versions holds the diff layer's summary and likely losses of each step; host/'s capped
 * fetch is the simulator's FetchLike.
 */
const TYPES_ONLY: Record<string, string[]> = {
  format: ["diff", "simulate", "remote", "calls"],
  remote: ["diff"],
  host: ["simulate"],
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith(".ts") ? [full] : [];
  });
}

const SRC = path.join(ROOT, "src");
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/gm;

describe("architecture", () => {
  const layers = readdirSync(SRC).filter((d) => statSync(path.join(SRC, d)).isDirectory());

  it("knows every layer", () => {
    expect(layers.filter((l) => !(l in ALLOWED))).toEqual([]);
  });

  for (const layer of layers) {
    const typesFrom = TYPES_ONLY[layer] ? ` (types also from ${TYPES_ONLY[layer].join(", ")})` : "";
    it(`${layer}/ imports only ${ALLOWED[layer]?.join(", ") || "nothing internal"}${typesFrom}`, () => {
      const violations: string[] = [];
      for (const file of filesUnder(path.join(SRC, layer))) {
        for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
          // A type-only import costs nothing at run time; cli/ may name any layer's types.
          if (layer === "cli" && /^\s*(?:import|export) type\s/.test(m[0])) continue;
          const target = path.relative(SRC, path.resolve(path.dirname(file), (m[1] ?? m[2])!));
          const targetLayer = target.split(path.sep)[0]!;
          const typeOnly = /^\s*(?:import|export) type\s/.test(m[0]) && (TYPES_ONLY[layer] ?? []).includes(targetLayer);
          if (targetLayer !== layer && !ALLOWED[layer]!.includes(targetLayer) && !typeOnly) violations.push(`${path.relative(ROOT, file)} -> ${target}`);
        }
      }
      expect(violations).toEqual([]);
    });
  }

  // engine/ is grouped by capability; inside it the arrows point one way too, so a capability can be read without the
  // ones above it. project/ (inputs, loader, config, manifest, remote ids), http/ (loopback servers) and the files at
  // engine/'s top (progress) are what every operation stands on.
  const ENGINE_GROUPS: Record<string, string[]> = {
    "": ["project"],
    project: [],
    http: [],
    author: ["project"],
    check: ["project"],
    scenarios: ["project"],
    watch: ["project"],
    calls: ["project", "http", "scenarios"],
    release: ["project", "scenarios"],
    review: ["project", "http", "calls", "check", "release", "scenarios"],
  };

  it("knows every folder of engine/, and no folder of src/ but a rules folder holds more than 25 files", () => {
    const engine = path.join(SRC, "engine");
    const folders = readdirSync(engine).filter((d) => statSync(path.join(engine, d)).isDirectory());
    expect(folders.filter((f) => !(f in ENGINE_GROUPS))).toEqual([]);
    const crowded = [SRC, ...filesUnder(SRC).map((f) => path.dirname(f))]
      .filter((dir, i, all) => all.indexOf(dir) === i && path.basename(dir) !== "rules" && !dir.includes(`${path.sep}generated`))
      .filter((dir) => readdirSync(dir).filter((f) => f.endsWith(".ts")).length > 25)
      .map((dir) => path.relative(ROOT, dir));
    expect(crowded).toEqual([]);
  });

  it("keeps each engine/ folder to the groups below it (types aside)", () => {
    const engine = path.join(SRC, "engine");
    const groupOf = (file: string) => {
      const parts = path.relative(engine, file).split(path.sep);
      return parts.length > 1 ? parts[0]! : "";
    };
    const offenders = filesUnder(engine).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(IMPORT)]
        .filter((m) => !/^\s*(?:import|export) type\s/.test(m[0]))
        .map((m) => path.resolve(path.dirname(file), (m[1] ?? m[2])!))
        .filter((target) => target.startsWith(engine + path.sep))
        .filter((target) => groupOf(target) !== groupOf(file) && groupOf(target) !== "" && !ENGINE_GROUPS[groupOf(file)]!.includes(groupOf(target)))
        .map((target) => `${path.relative(ROOT, file)} -> ${path.relative(SRC, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("imports model/ values from the file that declares them, never through its index (which loads zod's schemas)", () => {
    const offenders = layers
      .filter((l) => l !== "model")
      .flatMap((l) => filesUnder(path.join(SRC, l)))
      .filter((file) => /^\s*import\s+(?!type\s)[^'"]*?from\s+["'](?:\.\.\/)+model\/index\.js["']/m.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it("touches process only in cli/", () => {
    const offenders = layers
      .filter((l) => l !== "cli")
      .flatMap((l) => filesUnder(path.join(SRC, l)))
      .filter((file) => /\bprocess\.(argv|exit|stdout|stderr|stdin|env|cwd)\b/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  // House style: a command is argv -> options -> one engine call -> formatter -> exit code; logic past that budget
  // belongs in the engine, where the library and its tests reach it without a terminal.
  it("keeps every command under the 150-line budget of a thin adapter", () => {
    const over = filesUnder(path.join(SRC, "cli/commands"))
      .map((file) => ({ file: path.relative(ROOT, file), lines: readFileSync(file, "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > 150)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });

  // One descriptor per node type (src/model/node-types/): a descriptor is plain data, its shape its only import.
  it("keeps node-type descriptors plain data: each imports only the descriptor shape", () => {
    const dir = path.join(SRC, "model/node-types");
    const offenders = filesUnder(dir)
      .filter((file) => !["index.ts", "descriptor.ts"].includes(path.basename(file)))
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(IMPORT)]
          .map((m) => m[1] ?? m[2])
          .filter((target) => target !== "./descriptor.js")
          .map((target) => `${path.relative(ROOT, file)} -> ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  // Every layer reads what a node type means from its descriptor, so a new type is one file: a layer that names a
  // type itself is where the next type would be missed. The exceptions are rules about one type, named after it.
  it("names node types only in their descriptors and in the rules about one type", () => {
    const RULES_ABOUT_ONE_TYPE = [
      "lint/rules/webhook-missing-default-route.ts",
      "requests/rules/turbo-limitations.ts",
      "validate/rules/custom-code-missing-code.ts",
      "validate/rules/invalid-webhook-method.ts",
      "validate/rules/invalid-webhook-url.ts",
      "validate/rules/missing-kb.ts",
      "validate/rules/missing-text-or-prompt.ts",
      "validate/rules/press-button-missing-digits.ts",
      "validate/rules/sms-missing-message.ts",
    ];
    const literal = new RegExp(`["'](?:${KNOWN_NODE_TYPES.join("|")})["']`);
    const offenders = filesUnder(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join("/"))
      .filter((file) => !file.startsWith("model/node-types/") && !file.startsWith("validate/generated/") && !RULES_ABOUT_ONE_TYPE.includes(file))
      .filter((file) => literal.test(readFileSync(path.join(SRC, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("starts every source file with a one-line purpose comment", () => {
    const missing = filesUnder(SRC)
      .filter((file) => !/^\/\/ \S/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(ROOT, file));
    expect(missing).toEqual([]);
  });
});
