// `checkRequestFiles`: request files in, findings per file out; each request's pathway is loaded (file, remote, manifest) through the host.
import path from "node:path";
import type { Diagnostic, FileResult } from "../../diagnostics/index.js";
import { getFileLintSettings } from "../../lint/index.js";
import { isObject } from "../../model/pathway.js";
import type { Pathway } from "../../model/schema.js";
import { parseVersionedId } from "../project/remote-argument.js";
import { checkParsedRequest, parseRequestText, type CheckRequestOptions, type RequestKind } from "../../requests/index.js";
import { withRuleFlags, type RuleOverrides } from "../../rules/index.js";
import { createLintConfigLoader, toRelativePosix, type LoadedLintConfig } from "../project/config.js";
import { resolveGlobInsideRoot, resolveInsideRoot } from "../../host/confine-path.js";
import type { Host } from "../../host/host.js";
import { displayPath, readInput, readInputs, STDIN, type ExpandOptions, type ReadInput } from "../project/inputs.js";
import { describeLoadFailure, getPathwayProblem, loadPathwayFile } from "../project/load-pathway.js";
import { loadManifest, resolveEntryFile, type LoadedManifest } from "../project/manifest.js";
import { fetchRemoteRef } from "../project/remote-pathways.js";
import { createClient, toEngineError, type RemoteOptions } from "../project/remote-client.js";
import { loadRuleCatalogue } from "./rule-catalogue.js";

/** Where a request's pathway comes from: a file, the service (`remote:<id>`), or the manifest entry with the body's pathway_id. */
export type PathwayRef = { kind: "file"; path: string } | { kind: "remote"; id: string } | { kind: "manifest"; id: string };

/** Options of `checkRequestFiles`; all optional. */
export interface CheckRequestFilesOptions extends ExpandOptions, Pick<CheckRequestOptions, "rules" | "now" | "systemVariables"> {
  /** The kind of every file (default: per file, from its name `x.<kind>.request.json`, else its fields). */
  kind?: RequestKind;
  /** The pathway every request uses: `<file>` or `remote:<id>` (default: the manifest entry of the body's pathway_id). */
  pathway?: string;
  /** How to reach the service for `remote:<id>` (base URL, timeout, retries). */
  remote?: RemoteOptions;
  /**
   * `checkRequestFiles` only: the config file for every request instead of the nearest pathway.config.json above each
   * (whose `rules` and matching `overrides` set the request rules' severities, as `pathway lint` applies them);
   * `false` reads no config. `rules` win over it.
   */
  config?: string | false;
}

/**
 * One request input: read bytes (or the problem), the pathway configured for it (pathway.config.json's `requests`),
 * and its rule severities when they differ per file (from its config; else the options' `rules`).
 */
export type RequestInput = ReadInput & {
  pathway?: string;
  rules?: RuleOverrides;
  /** Why the configured pathway was refused unread (it leaves the config's folder); the file is then not checked. */
  pathwayRefused?: string;
};

/** A pathway path refused before anything was read; its message names the file and the entry and is shown as it is. */
class RefusedPath extends Error {}

/** The findings for one request file. `failed` marks a file that could not be checked at all (exit 2 in the CLI). */
export interface RequestFileResult extends FileResult {
  kind?: RequestKind;
  failed?: boolean;
}

/** Parses `--pathway` / config values: `remote:<id>` or a file path. */
export function toPathwayRef(value: string): PathwayRef {
  return value.startsWith("remote:") ? { kind: "remote", id: value.slice("remote:".length) } : { kind: "file", path: value };
}

function failure(filePath: string, diagnostic: Diagnostic, text?: string): RequestFileResult {
  return { filePath, diagnostics: [diagnostic], failed: true, ...(text !== undefined && { text }) };
}

/** Loads the pathways requests name, each once per run; a failure is an Error whose message says what and where. */
function createPathwayLoader(host: Host, options: CheckRequestFilesOptions) {
  const cache = new Map<string, Promise<{ where: string; value: Pathway } | undefined>>();
  let manifest: Promise<LoadedManifest> | undefined;
  const fromFile = async (file: string, where = file) => {
    const loaded = await loadPathwayFile(host, file);
    if (!loaded.pathway) throw new Error(describeLoadFailure({ ...loaded, path: where }));
    return { where, value: loaded.pathway };
  };
  const load = async (ref: PathwayRef) => {
    if (ref.kind === "file") return fromFile(ref.path);
    manifest ??= loadManifest(host);
    const found = await manifest;
    if (ref.kind === "manifest") {
      const entry = found.manifest.pathways.find((e) => e.id === ref.id);
      // No entry: the request names a pathway this project does not keep; the checks that need it are skipped.
      if (!entry) return undefined;
      // An entry naming a file outside the project is refused before it is read: its bytes would reach the message.
      const resolved = await resolveEntryFile(host, found, entry);
      if (resolved.error !== undefined) throw new RefusedPath(resolved.error);
      return fromFile(resolved.path, entry.file);
    }
    // The reference is checked before the key and the network: `remote:` or `remote:x@two` is a typo to name, and
    // `remote:<id>@<n>` is a saved version, as in diff and lint (it used to be sent whole as the id).
    const remoteRef = parseVersionedId(ref.id);
    try {
      const client = await createClient(host, options.remote ?? {}, found);
      const fetched = await fetchRemoteRef(client, remoteRef, "convo");
      const where = `remote:${ref.id}`;
      const problem = getPathwayProblem(fetched.pathway, where);
      if (problem) throw new Error(problem.message);
      return { where, value: fetched.pathway as Pathway };
    } catch (error) {
      throw await toEngineError(error);
    }
  };
  return (ref: PathwayRef) => {
    const key = ref.kind === "file" ? `file:${ref.path}` : `${ref.kind}:${ref.id}`;
    let found = cache.get(key);
    if (!found) {
      found = load(ref);
      cache.set(key, found);
    }
    return found;
  };
}

/**
 * Checks request inputs already read (the lint uses it for the config's `requests`). A file that is unreadable, not a
 * request, or whose pathway does not load is reported and marked `failed`; the others are still checked.
 */
export async function checkRequestInputs(host: Host, inputs: readonly RequestInput[], options: CheckRequestFilesOptions = {}): Promise<RequestFileResult[]> {
  const loadPathway = createPathwayLoader(host, options);
  const results: RequestFileResult[] = [];
  for (const input of inputs) {
    if (!input.bytes) {
      results.push(input.skipped ? { filePath: input.path, diagnostics: [input.problem!] } : failure(input.path, input.problem!));
      continue;
    }
    const fileName = input.path === STDIN ? undefined : input.path;
    const parsed = parseRequestText(input.bytes, fileName);
    if (input.pathwayRefused !== undefined) {
      results.push(failure(input.path, { ruleId: "pathway-not-loaded", severity: "error", message: input.pathwayRefused, pointer: "" }));
      continue;
    }
    const configured = input.pathway ?? options.pathway;
    // A v2 batch names its pathway in `global` (POST /v2/batches/create: global.pathway_id).
    const named =
      parsed.ok && isObject(parsed.value)
        ? (parsed.value.pathway_id ?? (isObject(parsed.value.global) ? parsed.value.global.pathway_id : undefined))
        : undefined;
    const pathwayId = typeof named === "string" ? named.trim() : "";
    let pathway: { where: string; value: Pathway } | undefined;
    if (parsed.ok && (configured !== undefined || pathwayId !== "")) {
      try {
        pathway = await loadPathway(configured !== undefined ? toPathwayRef(configured) : { kind: "manifest", id: pathwayId });
      } catch (error) {
        // Loader failures (unreadable file, not a pathway, the service refusing) are this file's problem, not a crash.
        const detail = error instanceof Error ? error.message : String(error);
        const message =
          error instanceof RefusedPath
            ? detail
            : `The pathway ${configured ?? pathwayId} does not load: ${detail.replace(/\.$/, "")}; fix it or pass another with --pathway.`;
        results.push(failure(input.path, { ruleId: "pathway-not-loaded", severity: "error", message, pointer: "" }, parsed.text));
        continue;
      }
    }
    const result = checkParsedRequest(parsed, {
      kind: options.kind,
      fileName,
      rules: input.rules ?? options.rules,
      now: options.now ?? host.now(),
      systemVariables: options.systemVariables,
      ...(pathway && { pathway }),
    });
    results.push({
      filePath: input.path,
      diagnostics: result.diagnostics,
      ...(result.text !== undefined && { text: result.text }),
      ...(result.kind && { kind: result.kind }),
      ...(result.fatal && { failed: true }),
    });
  }
  return results;
}

/**
 * Checks request files (bodies of calls, batches, inbound updates, purchases) named by files, directories (searched for
 * `*.request.json|yaml|yml`), globs and `-`. Findings carry line and column in each request file.
 */
export async function checkRequestFiles(host: Host, args: readonly string[], options: CheckRequestFilesOptions = {}): Promise<RequestFileResult[]> {
  const inputs: RequestInput[] = await readInputs(host, "request", args, options);
  return checkRequestInputs(host, options.config === false ? inputs : await withConfiguredRules(host, inputs, options.config, options.rules), options);
}

/**
 * `inputs` with the request rules' severities of each one's config: the nearest pathway.config.json (or `explicit`),
 * looked up and resolved by the loader `pathway lint` uses, `rules` then `overrides` matching the file, then `flags`.
 * `lintFiles` passes its own loader, so its config's request files get the same per-file severities.
 */
export async function withConfiguredRules(
  host: Host,
  inputs: readonly RequestInput[],
  explicit: string | undefined,
  flags: RuleOverrides = {},
  loader?: (file: string | undefined) => Promise<LoadedLintConfig>,
): Promise<RequestInput[]> {
  // The config may set lint rules too: they must be known for it to resolve.
  const loadConfig = loader ?? createLintConfigLoader(host, { explicit, rules: (await loadRuleCatalogue()).all });
  const out: RequestInput[] = [];
  for (const input of inputs) {
    if (!input.bytes) {
      out.push(input);
      continue;
    }
    const { config, root } = await loadConfig(input.file);
    const settings = getFileLintSettings(config, input.file === undefined ? STDIN : toRelativePosix(root, input.file));
    out.push({ ...input, rules: withRuleFlags(settings.rules, flags) });
  }
  return out;
}

/**
 * The request files pathway.config.json lists (`requests: [{files, pathway}]`), read, with the pathway of each group
 * (relative to the config's directory, like the globs). A group matching no file is an input with a problem. The
 * config's folder is the project root here: a glob that starts outside it is not searched, a pathway outside it and a
 * matched file that leads out through a symbolic link are not read (a pull request that edits the config must not
 * send `~/.env` into the CI log), each refusal naming the config and the entry.
 */
export async function readConfiguredRequests(
  host: Host,
  loaded: { config: { requests: readonly { files: readonly string[]; pathway?: string }[] }; root: string; file?: string },
): Promise<RequestInput[]> {
  const inputs: RequestInput[] = [];
  const fromCwd = (file: string) => displayPath(host.cwd, path.resolve(loaded.root, file));
  const configName = loaded.file === undefined ? "pathway.config.json" : displayPath(host.cwd, loaded.file);
  const confine = { rootName: "the config's folder" };
  for (const [i, entry] of loaded.config.requests.entries()) {
    const where = `${configName} requests[${i}]`;
    const patterns: string[] = [];
    for (const glob of entry.files) {
      const checked = await resolveGlobInsideRoot(host, loaded.root, glob, confine);
      if (checked.ok) patterns.push(fromCwd(glob));
      else
        inputs.push({
          path: where,
          problem: {
            ruleId: "no-matching-files",
            severity: "error",
            message: `${where}.files ${JSON.stringify(glob)} ${checked.reason}. Nothing was searched for it.`,
            pointer: "",
          },
        });
    }
    if (patterns.length < entry.files.length) continue;
    let pathway = entry.pathway;
    let pathwayRefused: string | undefined;
    if (pathway !== undefined && !pathway.startsWith("remote:")) {
      const confined = await resolveInsideRoot(host, loaded.root, pathway, confine);
      if (confined.ok) pathway = displayPath(host.cwd, confined.path);
      else pathwayRefused = `${where}.pathway ${JSON.stringify(pathway)} ${confined.reason}. Nothing was read from it.`;
    }
    const found = await host.glob(patterns);
    if (found.length === 0) {
      inputs.push({
        path: where,
        problem: {
          ruleId: "no-matching-files",
          severity: "error",
          message: `requests[${i}].files (${entry.files.join(", ")}) matches no files; check the globs (relative to the config's directory).`,
          pointer: "",
        },
      });
      continue;
    }
    for (const file of found) {
      const confined = await resolveInsideRoot(host, loaded.root, path.resolve(host.cwd, file), confine);
      if (!confined.ok) {
        inputs.push({
          path: file,
          problem: {
            ruleId: "unreadable-file",
            severity: "error",
            message: `${file} (matched by ${where}.files) ${confined.reason}. Nothing was read from it.`,
            pointer: "",
          },
        });
        continue;
      }
      inputs.push({
        ...(await readInput(host, { path: file, file: path.resolve(host.cwd, file) })),
        ...(pathway !== undefined && { pathway }),
        ...(pathwayRefused !== undefined && { pathwayRefused }),
      });
    }
  }
  return inputs;
}
