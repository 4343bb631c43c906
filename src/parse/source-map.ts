// Maps JSON pointers to ranges in the source text: one pass over the text per batch of pointers, no syntax tree.
import type { Range } from "../diagnostics/index.js";
import { locateAll, type LocateOptions, type StringSpans } from "./locate-all.js";

/** Finds where one pointer's value sits in the text. */
export type Locator = (pointer: string) => Range | undefined;

/**
 * Finds where many pointers' values sit, in one pass; use it whenever there is more than one finding to place. With
 * `spans`, the range of each span inside the string at its pointer is in the result too, under `toSpanKey`.
 */
export type BatchLocator = (pointers: Iterable<string>, spans?: StringSpans) => Map<string, Range | undefined>;

/**
 * A batch locator over `text` (valid JSON). A pointer past what exists resolves to its deepest existing ancestor.
 * With `noDuplicateKeys` (the text is known to have no duplicate keys) the scan stops once every pointer is placed.
 */
export function createBatchLocator(text: string, options?: LocateOptions): BatchLocator {
  return (pointers, spans) => locateAll(text, pointers, { ...options, ...(spans && { spans }) });
}

/** A single-pointer locator over `text` (valid JSON); with `noDuplicateKeys`, the scan stops as soon as the value is read. */
export function createLocator(text: string, options?: LocateOptions): Locator {
  return (pointer) => locateAll(text, [pointer], options).get(pointer);
}
