// The one way commands read a pathway: a file or stdin, decoded and parsed, then checked to hold something to work on.
import path from "node:path";
import { getNodes, isObject, isStartNode, type Pathway } from "../model/index.js";
import { parseDocument } from "../parse/index.js";
import { readFileBounded, readStreamBounded } from "../engine/read-file-bounded.js";
import { EXIT, ExitError } from "./exit.js";
import { describeFsError } from "./inputs.js";

/** Options of `loadPathway` and `checkPathway`; all optional. */
export interface LoadPathwayOptions {
  /** Also require a start node (`data.isStart: true`): commands that run the pathway need one. Default false. */
  requireStart?: boolean;
  /** Where `-` reads from. Default process.stdin. */
  stdin?: NodeJS.ReadableStream;
  /** Directory relative paths are read from. Default process.cwd(). */
  cwd?: string;
  /** Largest file (or stdin) read. Default DEFAULT_MAX_FILE_BYTES (256 MiB). */
  maxBytes?: number;
}

/** A pathway read by `loadPathway`: the path as the user named it (`<stdin>` for `-`) and the value. */
export interface LoadedPathway {
  path: string;
  pathway: Pathway;
}

function validateHint(where: string): string {
  const arg = where === "<stdin>" ? "-" : /[\s"'$`\\]/.test(where) ? JSON.stringify(where) : where;
  return `run \`pathway validate ${arg}\` to see why`;
}

/**
 * Checks that a parsed value is a pathway a command can work on: an object whose `nodes` array holds at least one
 * node with a string id (and, with `requireStart`, a start node). Throws `ExitError(2)` naming `where` otherwise.
 */
export function checkPathway(value: unknown, where: string, options: Pick<LoadPathwayOptions, "requireStart"> = {}): Pathway {
  if (!isObject(value) || !Array.isArray(value.nodes)) {
    throw new ExitError(EXIT.failure, `${where}: not a pathway (expected a JSON object with a "nodes" array); ${validateHint(where)}.`);
  }
  const nodes = getNodes(value);
  if (nodes.length === 0) {
    throw new ExitError(EXIT.failure, `${where}: not a pathway: "nodes" holds no node with a string "id", so there is nothing to work on; ${validateHint(where)}.`);
  }
  if (options.requireStart && !nodes.some(({ node }) => isStartNode(node))) {
    throw new ExitError(EXIT.failure, `${where}: no start node (a node with "data": {"isStart": true}), so the conversation cannot begin; mark one, or ${validateHint(where)}.`);
  }
  return value as Pathway;
}

/** Decodes and parses pathway bytes read from `where`, then `checkPathway`s them. Throws `ExitError(2)` on any problem. */
export function parsePathway(bytes: Uint8Array, where: string, options: Pick<LoadPathwayOptions, "requireStart"> = {}): Pathway {
  const parsed = parseDocument(bytes);
  if (!parsed.ok) {
    const d = parsed.diagnostics.find((x) => x.severity === "error") ?? parsed.diagnostics[0];
    const at = d?.range ? `:${d.range.start.line}:${d.range.start.column}` : "";
    throw new ExitError(EXIT.failure, `${where}${at}: ${(d?.message ?? "cannot be parsed").replace(/\.$/, "")}; ${validateHint(where)}.`);
  }
  return checkPathway(parsed.value, where, options);
}

/** Reads a pathway from a file, or stdin for `-`, and checks it (see `parsePathway`). Throws `ExitError(2)` on any problem. */
export async function loadPathway(file: string, options: LoadPathwayOptions = {}): Promise<LoadedPathway> {
  const where = file === "-" ? "<stdin>" : file;
  let bytes: Uint8Array;
  try {
    bytes = file === "-" ? await readStreamBounded(options.stdin ?? process.stdin, options.maxBytes) : await readFileBounded(path.resolve(options.cwd ?? process.cwd(), file), options.maxBytes);
  } catch (error) {
    // describeFsError is what `pathway validate` says about an unreadable file, so both read alike.
    throw new ExitError(EXIT.failure, describeFsError(error, where));
  }
  return { path: where, pathway: parsePathway(bytes, where, options) };
}
