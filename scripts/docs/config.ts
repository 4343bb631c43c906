// Renders docs/reference/config.md from pathway.config.json's zod schema (its descriptions) and the rules' option schemas.
import { z } from "zod";
import { escapeMarkdownProse } from "../../src/escape/markdown.js";
import { LintConfigFileSchema } from "../../src/lint/config.js";
import type { RuleMeta } from "../../src/rules/index.js";
import { generatedNotice } from "./markdown.js";

/** A JSON Schema node, as far as this page reads one. */
interface JsonSchema {
  type?: string;
  description?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
}

const code = (value: unknown) => `\`${(typeof value === "string" ? value : JSON.stringify(value)).replace(/\|/g, "\\|")}\``;

/** A short reading of a schema's type: `"off"`, `"warn"`... or a list of strings, an object, a number over 0. */
export function describeType(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map(code).join(", ");
  if (schema.anyOf) return schema.anyOf.map(describeType).join(", or ");
  // The one tuple of the config: a rule's `[severity, {options}]`.
  if (schema.prefixItems) return "`[severity, {options}]`";
  if (schema.type === "array")
    return schema.items
      ? `a list of ${describeType(schema.items)
          .replace(/^an? /, "")
          .replace(/^(string|object|number|integer)$/, "$1s")}`
      : "a list";
  if (schema.type === "integer" || schema.type === "number") {
    // zod writes the safe-integer range of every integer; only bounds a rule chose are worth saying.
    const chosen = (n: number | undefined) => n !== undefined && Math.abs(n) !== Number.MAX_SAFE_INTEGER;
    const bounds = [
      chosen(schema.exclusiveMinimum) && `over ${schema.exclusiveMinimum}`,
      chosen(schema.minimum) && `at least ${schema.minimum}`,
      chosen(schema.maximum) && `at most ${schema.maximum}`,
    ].filter(Boolean);
    return `${schema.type === "integer" ? "an integer" : "a number"}${bounds.length > 0 ? ` ${bounds.join(", ")}` : ""}`;
  }
  if (schema.type === "object") return "an object";
  return schema.type === "string" ? "a string" : (schema.type ?? "any value");
}

/** One table row per key, depth first: `a`, `a.b`, `a[].c`, `rules.<rule-id>`. */
function keyRows(schema: JsonSchema, prefix: string, rows: string[]): void {
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const key = prefix === "" ? name : `${prefix}.${name}`;
    const required = prefix !== "" && (schema.required ?? []).includes(name) ? " Required." : "";
    if (!child.description) throw new Error(`pathway.config.json key ${key} has no description (add .describe() to its zod schema)`);
    rows.push(`| ${code(key)} | ${describeType(child)} | ${escapeMarkdownProse(child.description)}${required} |`);
    if (child.type === "object" && child.properties) keyRows(child, key, rows);
    if (child.type === "array" && child.items?.properties) keyRows(child.items, `${key}[]`, rows);
    if (child.type === "object" && typeof child.additionalProperties === "object") {
      rows.push(
        `| ${code(`${key}.<rule-id>`)} | ${describeType(child.additionalProperties)} | The setting of that rule: see [the rules](../rules/README.md) for the ids and [rule options](#rule-options) for the options. |`,
      );
    }
  }
}

/** One row per option of each rule that takes options: its type, default and the rule it belongs to. */
function optionRows(rules: readonly RuleMeta[]): string[] {
  const rows: string[] = [];
  for (const meta of rules) {
    if (!(meta.options instanceof z.ZodType)) continue;
    const schema = z.toJSONSchema(meta.options, { io: "input" }) as JsonSchema;
    const defaults = meta.options.parse({}) as Record<string, unknown>;
    for (const [name, option] of Object.entries(schema.properties ?? {})) {
      rows.push(
        `| [${code(meta.id)}](../rules/${meta.id}.md#options) | ${code(name)} | ${describeType(option)} | ${name in defaults ? code(defaults[name]) : ""} |`,
      );
    }
  }
  return rows;
}

/** The text of docs/reference/config.md. */
export function renderConfigReference(rules: readonly RuleMeta[]): string {
  const schema = z.toJSONSchema(LintConfigFileSchema, { io: "input" }) as JsonSchema;
  const keys: string[] = [];
  keyRows(schema, "", keys);
  return [
    generatedNotice("the zod schema of pathway.config.json (src/lint/config.ts) and the rules' option schemas"),
    "# pathway.config.json reference",
    "",
    "Every key `pathway.config.json` takes. `pathway lint`, `pathway check-request` and the editor use the nearest one",
    "above each file (or the one `--config` names); globs are relative to its folder. Any other key is an error that",
    "names it (exit 2). How to use each key, with examples: [Configuration](../configuration.md).",
    "",
    "## Keys",
    "",
    "| key | type | what it does |",
    "|---|---|---|",
    ...keys,
    "",
    "## Rule options",
    "",
    'Options go in the second item of a rule\'s setting: `"prompt-too-long": ["warn", {"maxLength": 1500}]`. An option',
    "a rule does not take is an error that names it.",
    "",
    "| rule | option | type | default |",
    "|---|---|---|---|",
    ...optionRows(rules),
    "",
  ].join("\n");
}
