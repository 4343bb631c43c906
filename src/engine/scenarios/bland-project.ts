// A bland-cli project beside a test-cases file: its .blandrc (the remote pathway id, the pathway file) and its pathway file, converted to the API's JSON.
import path from "node:path";
import { BLAND_PATHWAY_FILE_NAMES, fromBlandFile } from "../../model/bland-file.js";
import { isObject } from "../../model/pathway.js";
import type { Pathway } from "../../model/schema.js";
import { decodeUtf8 } from "../../parse/index.js";
import { readYamlStructured } from "../../parse/structured-yaml.js";
import { describeFsError } from "../../host/fs-errors.js";
import type { Host } from "../../host/host.js";
import { displayPath } from "../project/inputs.js";

/** A project's pathway, read and converted, and the remote pathway its .blandrc links. */
export interface BlandProject {
  /** The pathway file, absolute. */
  file: string;
  pathway: Pathway;
  /** `.blandrc`'s pathway_id. */
  pathwayId?: string;
}

const ANY = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };

/** A YAML (or JSON) file's value, or why it cannot be read. */
async function readYamlFile(host: Host, file: string): Promise<{ value: unknown } | { problem: string }> {
  let bytes: Uint8Array;
  try {
    bytes = await host.readFile(file);
  } catch (error) {
    return { problem: describeFsError(error, displayPath(host.cwd, file)) };
  }
  const text = decodeUtf8(bytes).text;
  if (text === undefined) return { problem: `${displayPath(host.cwd, file)} is not UTF-8 text` };
  const read = readYamlStructured(text, { schema: ANY, emptyMessage: "the file is empty" });
  if (!read.ok) return { problem: `${displayPath(host.cwd, file)}: ${read.diagnostics[0]!.message}` };
  return { value: read.value };
}

/**
 * The bland-cli project a test-cases file belongs to: the nearest `.blandrc` above it names the pathway file
 * (`pathway_file`, relative to the .blandrc's folder) and the remote pathway (`pathway_id`); without one, or without
 * `pathway_file`, the pathway is the first of bland-cli's file names in that folder (or in the test file's parent's
 * parent: `tests/` sits in the project). Undefined when there is none; a problem when it cannot be read.
 */
export async function findBlandProject(host: Host, testsFile: string): Promise<BlandProject | { problem: string } | undefined> {
  const start = path.dirname(path.resolve(host.cwd, testsFile));
  let root = path.dirname(start);
  let rc: Record<string, unknown> = {};
  for (let at = start; ; at = path.dirname(at)) {
    if ((await host.stat(path.join(at, ".blandrc")))?.kind === "file") {
      const read = await readYamlFile(host, path.join(at, ".blandrc"));
      // bland-cli treats a .blandrc it cannot parse as none; so does this.
      if ("value" in read && isObject(read.value)) rc = read.value;
      root = at;
      break;
    }
    if (path.dirname(at) === at) break;
  }
  const candidates = typeof rc.pathway_file === "string" ? [path.resolve(root, rc.pathway_file)] : BLAND_PATHWAY_FILE_NAMES.map((n) => path.join(root, n));
  let file: string | undefined;
  for (const c of candidates) if ((await host.stat(c))?.kind === "file") file ??= c;
  if (file === undefined) return undefined;
  const read = await readYamlFile(host, file);
  if ("problem" in read) return read;
  const converted = fromBlandFile(read.value);
  if (!converted.ok) return { problem: `${displayPath(host.cwd, file)}: ${converted.message}` };
  return { file, pathway: converted.pathway, ...(typeof rc.pathway_id === "string" && rc.pathway_id !== "" && { pathwayId: rc.pathway_id }) };
}
