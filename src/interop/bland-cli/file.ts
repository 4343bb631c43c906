// bland-cli 0.6.1's project files: the pathway file names it looks for, its file's shape, and the problems that make it refuse a file.
import type { JsonObject } from "../../model/pathway.js";
import { isObject } from "../../model/pathway.js";
import defaultType from "../../model/node-types/default.js";

/** The type bland-cli gives a node whose `type` is missing or empty (and `apiToFile`'s reading of a node without `data.type`): the Default node type. */
export const BLAND_CLI_DEFAULT_TYPE: string = defaultType.type;

/** The names bland-cli's `findPathwayFile` tries in a folder, in its order: the first that exists is the project's pathway. */
export const BLAND_CLI_PATHWAY_FILE_NAMES: readonly string[] = ["bland-pathway.yaml", "bland-pathway.yml", "bland-pathway.json", "pathway.yaml", "pathway.yml"];

/** The project config file bland-cli keeps beside its pathway (YAML: `pathway_id`, `pathway_file`, `test_file`). */
export const BLANDRC = ".blandrc";

/** Where `bland pathway init` puts the test cases, relative to the project folder (when `.blandrc` names no `test_file`). */
export const DEFAULT_TEST_FILE = "tests/test-cases.yaml";

/** A bland-cli pathway file as read (`PathwayFile` in its d.ts): nodes keyed by name, edges inside their source node. Unchecked. */
export interface BlandCliFile extends JsonObject {
  name?: unknown;
  description?: unknown;
  global?: unknown;
  nodes?: unknown;
}

/** One node of a bland-cli file (`PathwayFileNode`), keys snake_case; unchecked. */
export type BlandCliNode = JsonObject;

/** True for one of the file names bland-cli looks for (any folder). */
export function isBlandCliFileName(name: string): boolean {
  return BLAND_CLI_PATHWAY_FILE_NAMES.includes(name);
}

/** True when `value` has bland-cli's shape rather than the API's: `nodes` is a mapping of names, not an array. */
export function hasBlandCliShape(value: unknown): value is BlandCliFile {
  return isObject(value) && isObject(value.nodes);
}
