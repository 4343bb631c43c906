// The check-request operation: request files in, findings per file out, with each request's pathway loaded through a host.
import type { Diagnostic } from "../diagnostics/index.js";
import type { FileResult } from "../format/index.js";
import { isObject, type Pathway } from "../model/index.js";
import { checkParsedRequest, parseRequestText, type CheckRequestOptions, type RequestKind } from "../requests/index.js";

/** Where a request's pathway comes from: a file, the service (`remote:<id>`), or the manifest entry with the body's pathway_id. */
export type PathwayRef = { kind: "file"; path: string } | { kind: "remote"; id: string } | { kind: "manifest"; id: string };

/** A loaded pathway and how to name it in messages. */
export interface LoadedRequestPathway {
  where: string;
  value: Pathway;
}

/** How the operation reaches files and the network; the CLI gives one, tests can give their own. */
export interface CheckRequestsHost {
  /**
   * Loads a pathway. Returns undefined when a manifest has no entry for the id (the pathway checks are then skipped);
   * throws an Error whose message says what went wrong when the pathway cannot be loaded.
   */
  loadPathway(ref: PathwayRef): Promise<LoadedRequestPathway | undefined>;
}

/** One request file: its display path and bytes (or why it could not be read), and the pathway configured for it. */
export interface RequestFile {
  path: string;
  bytes?: Uint8Array;
  error?: string;
  /** `<file>` or `remote:<id>`; wins over `CheckRequestsOptions.pathway` (pathway.config.json sets it per file). */
  pathway?: string;
}

/** Options of `checkRequests`; all optional. */
export interface CheckRequestsOptions extends Pick<CheckRequestOptions, "rules" | "now" | "systemVariables"> {
  /** The kind of every file (default: per file, from its name or fields). */
  kind?: RequestKind;
  /** The pathway every request uses: `<file>` or `remote:<id>` (default: the manifest entry of the body's pathway_id). */
  pathway?: string;
  /** Loads pathways; without one, only the checks that need no pathway run. */
  host?: CheckRequestsHost;
}

/** The findings for one request file. `failed` marks a file that could not be checked (exit 2 in the CLI). */
export interface RequestFileResult extends FileResult {
  kind?: RequestKind;
  failed?: boolean;
}

/** Parses `--pathway` / config values: `remote:<id>` or a file path. */
export function toPathwayRef(value: string): PathwayRef {
  return value.startsWith("remote:") ? { kind: "remote", id: value.slice("remote:".length) } : { kind: "file", path: value };
}

function refKey(ref: PathwayRef): string {
  return ref.kind === "file" ? `file:${ref.path}` : `${ref.kind}:${ref.id}`;
}

function failure(filePath: string, ruleId: string, message: string, text?: string): RequestFileResult {
  const diagnostic: Diagnostic = { ruleId, severity: "error", message, pointer: "" };
  return { filePath, diagnostics: [diagnostic], failed: true, ...(text !== undefined && { text }) };
}

/**
 * Checks request files (calls, batches, inbound updates, purchases). Each file's findings carry line and column in that
 * file. A file that is unreadable, not a request, or whose pathway does not load is reported and marked `failed`; the
 * others are still checked. Each pathway is loaded once, however many files use it.
 */
export async function checkRequests(files: readonly RequestFile[], options: CheckRequestsOptions = {}): Promise<RequestFileResult[]> {
  const cache = new Map<string, Promise<LoadedRequestPathway | undefined>>();
  const load = (ref: PathwayRef) => {
    let found = cache.get(refKey(ref));
    if (!found) {
      found = options.host ? options.host.loadPathway(ref) : Promise.resolve(undefined);
      cache.set(refKey(ref), found);
    }
    return found;
  };
  const results: RequestFileResult[] = [];
  for (const file of files) {
    if (file.error !== undefined || !file.bytes) {
      results.push(failure(file.path, "unreadable-file", file.error ?? `${file.path}: cannot be read.`));
      continue;
    }
    const fileName = file.path === "<stdin>" ? undefined : file.path;
    const parsed = parseRequestText(file.bytes, fileName);
    let pathway: LoadedRequestPathway | undefined;
    const configured = file.pathway ?? options.pathway;
    const pathwayId = parsed.ok && isObject(parsed.value) && typeof parsed.value.pathway_id === "string" ? parsed.value.pathway_id.trim() : "";
    if (parsed.ok && (configured !== undefined || pathwayId !== "")) {
      const ref = configured !== undefined ? toPathwayRef(configured) : ({ kind: "manifest", id: pathwayId } as const);
      try {
        pathway = await load(ref);
      } catch (error) {
        results.push(failure(file.path, "pathway-not-loaded", `The pathway ${configured ?? pathwayId} does not load: ${(error as Error).message.replace(/\.$/, "")}; fix it or pass another with --pathway.`, parsed.text));
        continue;
      }
    }
    const result = checkParsedRequest(parsed, { kind: options.kind, fileName, rules: options.rules, now: options.now, systemVariables: options.systemVariables, ...(pathway && { pathway }) });
    results.push({ filePath: file.path, diagnostics: result.diagnostics, ...(result.text !== undefined && { text: result.text }), ...(result.kind && { kind: result.kind }), ...(result.fatal && { failed: true }) });
  }
  return results;
}
