// How deeply a parsed value nests, measured without recursion, so data nested thousands deep is refused, not a crash.
import { parsePointer, toPointer, type Diagnostic, type Range } from "../diagnostics/index.js";

/**
 * Levels of arrays and objects a document may nest. Real pathways nest fewer than 20; every reader, writer and diff
 * downstream is recursive, and JSON.parse accepts any depth, so the limit is checked once, right after parsing.
 */
export const MAX_NESTING_DEPTH = 256;

/** Where a value nests too deeply: its depth, and the pointer of the first container past the limit. */
export interface DeepNesting {
  depth: number;
  pointer: string;
}

/**
 * The one `nesting-depth` error for a document too deep to read, JSON or YAML alike, at the start of the deep part
 * (`locate` places that pointer in the text, when it can).
 */
export function toNestingDiagnostic(deep: DeepNesting, locate: (pointer: string) => Range | undefined = () => undefined): Diagnostic {
  const segments = parsePointer(deep.pointer);
  // The pointer past the limit is hundreds of segments long: the message names where the deep part starts.
  const start = toPointer(segments.slice(0, 6));
  const shown = start + (segments.length > 6 ? "/…" : "");
  const range = locate(start);
  return {
    ruleId: "nesting-depth",
    severity: "error",
    message: `Data nested ${deep.depth} levels deep at ${shown || "/"}; pathwaykit reads at most ${MAX_NESTING_DEPTH} levels (real pathways nest fewer than 20). Flatten this value.`,
    pointer: start,
    ...(range && { range }),
  };
}

/**
 * The deepest nesting in `value` when it exceeds `limit` (default `MAX_NESTING_DEPTH`), else undefined. With `keys`,
 * the walk also counts the own keys of every object into `keys.count` (what findDuplicateKeys compares with the text),
 * so a parsed document is walked once for both.
 */
export function findDeepNesting(value: unknown, limit = MAX_NESTING_DEPTH, keys?: { count: number }): DeepNesting | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  let count = 0;
  // Containers only, each with its depth: the common case (a shallow document) costs one walk and no paths.
  const stack: object[] = [value];
  const depths: number[] = [1];
  let deepest = 1;
  while (stack.length > 0) {
    const v = stack.pop() as Record<string, unknown>;
    const depth = depths.pop()!;
    if (depth > deepest) deepest = depth;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const child: unknown = v[i];
        if (typeof child === "object" && child !== null) {
          stack.push(child);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    // for-in, not Object.keys: no key array per object (JSON.parse objects have no inherited enumerable keys). This walk
    // runs on every parsed document; the array cost 40 % of it (4.0 -> 2.4 ms on the 10k lint bench's pathway).
    for (const key in v) {
      count++;
      const child = v[key];
      if (typeof child === "object" && child !== null) {
        stack.push(child);
        depths.push(depth + 1);
      }
    }
  }
  if (keys) keys.count = count;
  if (deepest <= limit) return undefined;
  return { depth: deepest, pointer: toPointer(pathPastLimit(value, limit)) };
}

/** The path to the first container below `limit` levels (only walked for a document already known to be too deep). */
function pathPastLimit(value: object, limit: number): string[] {
  const stack: { v: object; path: string[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (path.length >= limit) return path;
    for (const key of Object.keys(v)) {
      const child = (v as Record<string, unknown>)[key];
      if (typeof child === "object" && child !== null) stack.push({ v: child, path: [...path, key] });
    }
  }
  return [];
}
