// Reads a bland-cli pathway file (YAML, or JSON for bland-pathway.json) into the pathway it pushes, every place mapped back to the file's lines.
import type { Diagnostic, Range } from "../../diagnostics/index.js";
import { isObject } from "../../model/pathway.js";
import { parseJson, type ParseResult } from "../../parse/parse-json.js";
import { parseYaml, type YamlParseResult } from "../../parse/parse-yaml.js";
import type { BatchLocator, Locator } from "../../parse/source-map.js";
import { hasBlandCliShape } from "./file.js";
import { fromBlandCliFile } from "./from-file.js";
import type { BlandCliLoss } from "./losses.js";
import { getPushLosses } from "./push-losses.js";

/** A read bland-cli file: the parse result of the pathway it stands for (pointers into that pathway, ranges in the file). */
export interface BlandCliDocument extends ParseResult {
  /** The file's text, for code frames: ranges are lines of this text. */
  text: string;
  /** Always true: the value is converted, so a fix (a new value at a pointer) cannot be written back into this text. */
  converted: true;
  /** The file as read (nodes keyed by name), when it parsed. */
  file?: unknown;
  /** What its push never sends (see `getPushLosses`); empty when it did not parse. */
  losses: BlandCliLoss[];
}

/**
 * Reads a bland-cli pathway file. `format` is how bland-cli reads it: JSON for a `.json` name, YAML otherwise. The value
 * is the pathway `fromBlandCliFile` gives; `locate` and `locateMany` take pointers into it and answer with ranges in
 * the file (a node on its name's line, a field on its key's value). Syntax errors, and what makes bland-cli refuse the
 * file, are error diagnostics placed in the file. Never throws.
 */
export function readBlandCliFile(text: string, format: "yaml" | "json"): BlandCliDocument {
  const parsed: YamlParseResult = format === "json" ? parseJson(text) : parseYaml(text);
  const base = { text, converted: true as const, losses: [] };
  if (!parsed.ok) return { ...parsed, ...base };
  const value = parsed.value;
  if (!hasBlandCliShape(value)) {
    const message =
      isObject(value) && Array.isArray(value.nodes)
        ? 'This is a pathway of the API (its "nodes" is a list), not a bland-cli file (nodes keyed by name); name it something.json, or convert it with `pathway convert`.'
        : 'bland-cli refuses this file: it needs "name:" and "nodes:", a mapping of node names to their keys (prompt:, type:, edges: ...).';
    const at = parsed.locate(isObject(value) && Object.hasOwn(value, "nodes") ? "/nodes" : "");
    return {
      ...base,
      ok: false,
      value,
      diagnostics: [...parsed.diagnostics, { ruleId: "bland-cli-file", severity: "error", message, pointer: "", ...(at && { range: at }) }],
      locate: () => undefined,
      locateMany: () => new Map(),
    };
  }
  const converted = fromBlandCliFile(value);
  const placeInFile: Locator = parsed.locateEntry ?? parsed.locate;
  const locate: Locator = (pointer) => placeInFile(converted.toFilePointer(pointer));
  const locateMany: BatchLocator = (pointers) => new Map([...pointers].map((p) => [p, locate(p)]));
  const fileFindings = converted.problems.map((d): Diagnostic => {
    const range: Range | undefined = placeInFile(d.pointer);
    // The pointer of a finding is into the pathway; these are about the file itself, so they keep only their place.
    return { ...d, pointer: "", ...(range && { range }) };
  });
  // bland-cli's YAML reader refuses a repeated key (the yaml package's default), where pathwaykit's keeps the last.
  const repeated =
    format === "yaml"
      ? parsed.diagnostics
          .filter((d) => d.ruleId === "duplicate-key")
          .map(
            (d): Diagnostic => ({
              ...d,
              ruleId: "bland-cli-file",
              severity: "error",
              message: `bland-cli refuses this file: ${d.message.replace(/;.*$/, "")}; its YAML reader stops on a repeated key. Remove or rename one of them.`,
            }),
          )
      : [];
  const written = parsed.writtenKeys?.("/nodes");
  return {
    ...base,
    // Still a pathway to check when bland-cli would refuse the file: its other findings help fix it.
    ok: true,
    value: converted.pathway,
    file: value,
    diagnostics: [...parsed.diagnostics.filter((d) => format === "json" || d.ruleId !== "duplicate-key"), ...repeated, ...fileFindings],
    locate,
    locateMany,
    losses: getPushLosses(value, written),
  };
}
