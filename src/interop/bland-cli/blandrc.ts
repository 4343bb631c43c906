// bland-cli's project config, .blandrc: which remote pathway a folder is linked to, and where its pathway and test files are.
import { isObject } from "../../model/pathway.js";
import { parseYaml } from "../../parse/parse-yaml.js";

/** `.blandrc` as bland-cli 0.6.1 reads it (`ProjectConfig`): three optional keys. */
export interface Blandrc {
  /** The remote pathway `bland pathway push` updates; without it the folder is not linked to one. */
  pathway_id?: string;
  /** The pathway file, relative to the folder (push falls back to it when no standard name exists). */
  pathway_file?: string;
  /** The test cases file, relative to the folder (bland-cli resolves it from the working directory). */
  test_file?: string;
}

/** Reads `.blandrc` text; undefined when it is not a YAML mapping (bland-cli then acts as if there were none). */
export function readBlandrc(text: string): Blandrc | undefined {
  const parsed = parseYaml(text);
  if (!parsed.ok || !isObject(parsed.value)) return undefined;
  const config: Blandrc = {};
  for (const key of ["pathway_id", "pathway_file", "test_file"] as const) {
    const value = parsed.value[key];
    if (typeof value === "string" && value !== "") config[key] = value;
  }
  return config;
}
