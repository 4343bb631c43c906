// Where a pathway reads variables: every `{{name}}` (and `{{SECRET.x}}`) in the node fields the service interpolates.
import { isObject, nodeData } from "../model/pathway.js";
import { getFlow, type FlowSource } from "./flow.js";
import { GLOBAL_CONFIG_FIELD, VARIABLE_FIELDS, type VariableField } from "./variable-fields.js";

/** A `{{name}}` reference (spaces inside the braces and dotted paths allowed). */
export const VARIABLE_PATTERN = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/** The root of `{{SECRET.name}}`: a secret stored with the service, never a call variable. */
export const SECRET_ROOT = "SECRET";

/** One use of a variable: the first `{{name}}` of that name in one field of one node (later ones add nothing). */
export interface VariableUse {
  /** The name as written, trimmed: `user.name`. */
  name: string;
  /** The part before the first dot: `user`. */
  root: string;
  /** Id of the node; `""` for the pathway-level global prompt (the `{globalConfig}` entry, which applies everywhere). */
  nodeId: string;
  /** Index of the entry in `nodes[]`. */
  nodeIndex: number;
  /** Name of the field in `VARIABLE_FIELDS` (or `GLOBAL_CONFIG_FIELD`). */
  field: string;
  /** JSON pointer segments of the string the placeholder is in. */
  path: (string | number)[];
  /** Offset of `{{` in that string (as decoded), and the placeholder's length. */
  offset: number;
  length: number;
}

/** Every string at or below `value`, with its path; an explicit stack keeps deeply nested webhook bodies off the call stack. */
function collectStrings(value: unknown, path: (string | number)[], visit: (text: string, path: (string | number)[]) => void): void {
  if (typeof value === "string") {
    visit(value, path);
    return;
  }
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === "string") visit(item.value, item.path);
    else if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i--) stack.push({ value: item.value[i], path: [...item.path, i] });
    } else if (isObject(item.value)) {
      const keys = Object.keys(item.value);
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: item.value[keys[i]!], path: [...item.path, keys[i]!] });
    }
  }
}

/** The values at a field's path below `base` (`"*"` fans out over arrays and objects), with their paths. */
function valuesAt(
  base: unknown,
  steps: readonly string[],
  path: (string | number)[],
  visit: (value: unknown, path: (string | number)[]) => void,
  from = 0,
): void {
  if (from === steps.length) {
    visit(base, path);
    return;
  }
  const step = steps[from]!;
  if (step !== "*") {
    const next = isObject(base) ? base[step] : undefined;
    if (next !== undefined) valuesAt(next, steps, [...path, step], visit, from + 1);
  } else if (Array.isArray(base)) {
    for (let i = 0; i < base.length; i++) valuesAt(base[i], steps, [...path, i], visit, from + 1);
  } else if (isObject(base)) {
    for (const key of Object.keys(base)) valuesAt(base[key], steps, [...path, key], visit, from + 1);
  }
}

/** One search state for every scan (`matchAll` would copy the pattern for each string). */
const variablePattern = new RegExp(VARIABLE_PATTERN);

/** What one pass over the interpolated strings finds: pathway variables, and `{{SECRET.x}}` references. */
export interface VariableReads {
  uses: VariableUse[];
  secrets: VariableUse[];
}

/**
 * Adds the placeholders of one string. A function of its own because a callback written inside a loop over nodes makes
 * V8 allocate the loop's variables afresh on every pass, used or not: thousands of allocations on a large pathway.
 */
function addPlaceholders(
  reads: VariableReads,
  seen: Set<string>,
  nodeId: string,
  nodeIndex: number,
  field: VariableField,
  text: string,
  path: (string | number)[],
): void {
  if (!text.includes("{{")) return;
  variablePattern.lastIndex = 0;
  for (let match = variablePattern.exec(text); match; match = variablePattern.exec(text)) {
    const name = match[1]!;
    const dot = name.indexOf(".");
    const root = dot < 0 ? name : name.slice(0, dot);
    // Inside a tool, `{{input.x}}` is the tool's own input (from its input_schema), not a call variable.
    if (root === "input" && TOOL_FIELDS.has(field)) continue;
    const key = `${field.name}\u0000${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const use: VariableUse = { name, root, nodeId, nodeIndex, field: field.name, path, offset: match.index, length: match[0].length };
    (root === SECRET_ROOT ? reads.secrets : reads.uses).push(use);
  }
}

/** The fields that hold a tool's request: a node tool's, and a saved tool copied into a Webhook node. */
const TOOL_FIELDS: ReadonlySet<VariableField> = new Set(VARIABLE_FIELDS.filter((f) => f.name === "tool request" || f.name === "saved tool request"));

function addFieldReads(
  reads: VariableReads,
  seen: Set<string>,
  nodeId: string,
  nodeIndex: number,
  base: unknown,
  basePath: (string | number)[],
  field: VariableField,
): void {
  valuesAt(base, field.path, basePath, (value, path) => {
    if (typeof value === "string") addPlaceholders(reads, seen, nodeId, nodeIndex, field, value, path);
    else if (field.deep && typeof value === "object" && value !== null)
      collectStrings(value, path, (text, p) => addPlaceholders(reads, seen, nodeId, nodeIndex, field, text, p));
  });
}

/** The first key of each field's path -> one bit per field with that key, by its index in `VARIABLE_FIELDS`. */
const FIELD_BITS: ReadonlyMap<string, number> = (() => {
  // A static table: a 32nd field would need a second word of bits, and every test run would fail here first.
  if (VARIABLE_FIELDS.length > 31) throw new Error("VARIABLE_FIELDS holds more than 31 fields: widen the bit set in getVariableReads");
  const bits = new Map<string, number>();
  VARIABLE_FIELDS.forEach((f, i) => bits.set(f.path[0]!, (bits.get(f.path[0]!) ?? 0) | (1 << i)));
  return bits;
})();

/** Every `{{variable}}` and `{{SECRET.x}}` in the fields of `VARIABLE_FIELDS` and in the `{globalConfig}` entry. */
export function getVariableReads(source: FlowSource): VariableReads {
  const g = getFlow(source);
  const reads: VariableReads = { uses: [], secrets: [] };
  const seen = new Set<string>();
  for (const { node, index } of g.nodes) {
    const data = nodeData(node);
    // The node's own keys (a handful) are looked up in the table, not the table's twenty fields in every node (a
    // keyed load each: 2.4x the old eight-field scan on the 10k bench); the bits keep the table's order.
    let present = 0;
    for (const key in data) {
      const bit = FIELD_BITS.get(key);
      if (bit === undefined) continue;
      const value = data[key];
      if (value === undefined || (typeof value === "string" && !value.includes("{{"))) continue;
      present |= bit;
    }
    if (present === 0) continue;
    seen.clear();
    for (let rest = present; rest !== 0; rest &= rest - 1) {
      const field = VARIABLE_FIELDS[31 - Math.clz32(rest & -rest)]!;
      addFieldReads(reads, seen, node.id, index, data, ["nodes", index, "data"], field);
    }
  }
  const entries: unknown = g.pathway.nodes;
  if (Array.isArray(entries)) {
    for (let i = 0; i < entries.length; i++) {
      const entry: unknown = entries[i];
      if (!isObject(entry) || !isObject(entry.globalConfig)) continue;
      seen.clear();
      addFieldReads(reads, seen, "", i, entry, ["nodes", i], GLOBAL_CONFIG_FIELD);
    }
  }
  return reads;
}

/** Every `{{variable}}` the service fills in (see `VARIABLE_FIELDS`), once per node, field and name; secrets left out. */
export function getVariableUses(source: FlowSource): VariableUse[] {
  return getVariableReads(source).uses;
}
