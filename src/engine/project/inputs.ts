// Expands the files, directories, globs and `-` a user names into inputs of one kind, and reads them: one way for every kind.
import path from "node:path";
import type { Diagnostic } from "../../diagnostics/index.js";
import { describeFsError } from "../../host/fs-errors.js";
import { findProjectRoot } from "../../host/confine-path.js";
import type { Host } from "../../host/host.js";
import { toRealPath } from "../../host/real-path.js";
import { MAX_GLOB_LENGTH } from "../../parse/glob-length.js";
import { BLAND_CLI_PATHWAY_FILE_NAMES } from "../../interop/bland-cli/file.js";

/** The kinds of input files the engine works on. */
export type InputKind = "pathway" | "scenario" | "module" | "request" | "call";

/** How a directory of one kind is searched. Add a line here for a new kind of file. */
export interface InputKindSpec {
  /** Plural noun for messages ("pathway files"). */
  noun: string;
  /** Name endings a directory walk picks up. */
  extensions: readonly string[];
  /** Whole file names a directory walk picks up too (bland-cli's project files), in any folder. */
  names?: readonly string[];
  /** Globs a directory walk, or a glob the user gives, skips (a file named directly is always read). */
  ignore: readonly string[];
}

const ALWAYS_IGNORED = ["**/node_modules/**", "**/.git/**"];

/** JSON files inside a directory that are not pathways. */
export const DEFAULT_IGNORES: readonly string[] = [
  ...ALWAYS_IGNORED,
  "**/package.json",
  "**/package-lock.json",
  "**/tsconfig*.json",
  "**/pathway.config.json",
  "**/*.scenario.json",
  "**/*.request.json",
  "**/*.schema.json",
  "**/.pathwaykit/**",
  "**/pathwaykit.manifest.json",
];

/** Every kind of input and how directories of it are searched. */
export const INPUT_KINDS: Readonly<Record<InputKind, InputKindSpec>> = {
  pathway: { noun: "pathway files", extensions: [".json"], names: BLAND_CLI_PATHWAY_FILE_NAMES, ignore: DEFAULT_IGNORES },
  scenario: { noun: "scenario files", extensions: [".scenario.yaml", ".scenario.yml", ".scenario.json"], ignore: ALWAYS_IGNORED },
  module: { noun: "pathway modules", extensions: [".pathway.ts", ".pathway.mts"], ignore: ALWAYS_IGNORED },
  request: { noun: "request files", extensions: [".request.json", ".request.yaml", ".request.yml"], ignore: ALWAYS_IGNORED },
  call: { noun: "call record files", extensions: [".json", ".ndjson", ".jsonl"], ignore: DEFAULT_IGNORES },
};

/** One input named by the user: where it is, or why there is nothing to read. */
export interface InputRef {
  /** The path as shown to the user: as named or found (relative to cwd), or `<stdin>`. */
  path: string;
  /** Absolute path; absent for stdin and for an argument that named nothing. */
  file?: string;
  /** True when the user named this file itself (as ESLint, an ignored file then gets a warning). */
  named?: boolean;
  /** The directory and glob arguments that found this file (a file is kept once, however many found it). */
  foundBy?: string[];
  /** Why nothing can be read for this argument (a missing path, an empty directory, a glob matching nothing). */
  problem?: Diagnostic;
  /**
   * True when a folder or glob met a symbolic link leading outside the project: `problem` is then a warning naming the
   * link, and nothing was read. Commands say it and go on; it is never a failure.
   */
  skipped?: boolean;
}

/** Options of `expandInputs`. */
export interface ExpandOptions {
  /** Extra globs to skip (relative to cwd), on top of the kind's own, when walking directories and expanding globs. */
  ignore?: readonly string[];
}

/** The display name of stdin. */
export const STDIN = "<stdin>";

/** A finding about a file that could not be read or found, in the one Diagnostic shape. */
export function unreadableFile(message: string): Diagnostic {
  return { ruleId: "unreadable-file", severity: "error", message, pointer: "" };
}

/** What one argument names: a problem, stdin, a file named directly, or the files a folder or glob found (paths as shown). */
type ArgumentInputs = { refs: InputRef[]; found?: undefined } | { refs: InputRef[]; found: string[] };

/** Expands one argument (see expandInputs): the refs it gives as they are, and the files a folder or glob found. */
async function expandArgument(host: Host, spec: InputKindSpec, arg: string, options: ExpandOptions): Promise<ArgumentInputs & { named?: string }> {
  if (arg === "-") return { refs: [{ path: STDIN }] };
  if (arg.trim() === "") {
    // An empty word (an unset shell variable, `""`) would otherwise resolve to the working directory and, as a
    // directory glob with an empty base, to `/**/*`: a walk of the whole file system.
    return { refs: [{ path: arg, problem: unreadableFile(describeFsError(undefined, arg)) }] };
  }
  const info = await host.stat(arg);
  const isDirectory = info?.kind === "directory";
  if (!isDirectory && !(info === undefined && host.isGlob(arg))) {
    if (info === undefined) return { refs: [{ path: arg, problem: unreadableFile(describeFsError({ code: "ENOENT" }, arg)) }] };
    return { refs: [], named: arg };
  }
  if (!isDirectory && arg.length > MAX_GLOB_LENGTH) {
    const message = `${arg.slice(0, 60)}…: the pattern is ${arg.length.toLocaleString("en-US")} characters long, more than the ${MAX_GLOB_LENGTH.toLocaleString("en-US")} a glob may have; name fewer files in it.`;
    return { refs: [{ path: `${arg.slice(0, 60)}…`, problem: { ruleId: "no-matching-files", severity: "error", message, pointer: "" } }] };
  }
  const base = arg.replace(/\/+$/, "");
  const under = base === "." ? "" : `${base}/`;
  const patterns = isDirectory ? [...spec.extensions.map((ext) => `${under}**/*${ext}`), ...(spec.names ?? []).map((name) => `${under}**/${name}`)] : [arg];
  // A glob skips what a directory walk skips (node_modules, .git, package.json, configs...), as ESLint's default
  // ignores apply to its globs: `"**/*.json"` means the pathways of a project, not every JSON file in node_modules.
  const ignore = [...spec.ignore, ...(options.ignore ?? [])];
  const links: string[] = [];
  const within = await linkRoots(host, isDirectory ? base || "." : globBase(host, arg));
  const found = await host.glob(patterns, { ignore, ...(within && { within, onOutside: (link: string) => links.push(link) }) });
  const refs: InputRef[] = links.map((link) => ({ path: link, skipped: true, problem: outsideProject(arg) }));
  if (found.length === 0 && links.length === 0) {
    const skipped = !isDirectory && (await host.glob(patterns, { ignore: options.ignore ?? [], ...(within && { within }) })).length > 0;
    const message = isDirectory
      ? `${arg}: no ${spec.noun} (${[...spec.extensions, ...(spec.names ?? []).slice(0, 1)].join(", ")}) in this directory; name files directly or check the path.`
      : skipped
        ? `${arg}: the pattern matches only files that are never read as ${spec.noun} when searching (node_modules, .git${spec === INPUT_KINDS.pathway ? ", package.json, configs, schemas, scenario and request files" : ""}); name a file directly to read it.`
        : `${arg}: the pattern matches no files; check the glob (quote it so the shell does not expand it).`;
    refs.push({ path: arg, problem: { ruleId: "no-matching-files", severity: "error", message, pointer: "" } });
  }
  return { refs, found: found.filter((file) => !isShadowed(file, found, spec.names)) };
}

/**
 * True for a file a walk found under one of `names` when the same folder holds an earlier one of them: bland-cli reads
 * only the first of its names that exists (`bland-pathway.yaml` before `pathway.yaml`), so the other is not its pathway.
 */
function isShadowed(file: string, found: readonly string[], names: readonly string[] | undefined): boolean {
  const slash = file.lastIndexOf("/");
  const rank = names?.indexOf(file.slice(slash + 1)) ?? -1;
  if (rank <= 0) return false;
  const dir = file.slice(0, slash + 1);
  return names!.slice(0, rank).some((name) => found.includes(dir + name));
}

/**
 * Resolves arguments in order: `-` is stdin, a directory is searched for the kind's files, a glob is expanded (both skip
 * the kind's `ignore`), anything else is a file. Never throws for a bad argument: it becomes an input with a `problem`,
 * so the others are still processed. Duplicates (the same absolute file twice) are kept once.
 */
export async function expandInputs(host: Host, kind: InputKind, args: readonly string[], options: ExpandOptions = {}): Promise<InputRef[]> {
  const spec = INPUT_KINDS[kind];
  const refs: InputRef[] = [];
  const seen = new Map<string, InputRef>();
  const add = (shown: string, foundBy?: string) => {
    const file = path.resolve(host.cwd, shown);
    const earlier = seen.get(file);
    // Kept once, but each argument that found it is recorded: `lint pathways/ pathways/draft.json` warns that the
    // config ignores draft.json (as ESLint does), and `lint main.json pathways/` knows pathways/ found main.json.
    if (earlier) {
      if (foundBy === undefined) earlier.named = true;
      else if (!earlier.foundBy?.includes(foundBy)) earlier.foundBy = [...(earlier.foundBy ?? []), foundBy];
      return;
    }
    const ref: InputRef = { path: shown, file, ...(foundBy === undefined ? { named: true } : { foundBy: [foundBy] }) };
    seen.set(file, ref);
    refs.push(ref);
  };
  for (const arg of args) {
    const expanded = await expandArgument(host, spec, arg, options);
    for (const ref of expanded.refs) {
      // A link skipped by two arguments is said once.
      if (ref.skipped && seen.has(path.resolve(host.cwd, ref.path))) continue;
      if (ref.skipped) seen.set(path.resolve(host.cwd, ref.path), ref);
      refs.push(ref);
    }
    if (expanded.named !== undefined) add(expanded.named);
    for (const file of expanded.found ?? []) add(file, arg);
  }
  return refs;
}

/**
 * The inputs of `args` as expandInputs gives them, one at a time: a folder of 100,000 files costs the memory of their
 * names while its files are read, never an object per file. A file met again is skipped (expandInputs records on the
 * first which arguments found it; a reader that has read it needs nothing more). Only with more than one argument is a
 * set of the files met kept, to tell.
 */
export async function* iterateInputs(host: Host, kind: InputKind, args: readonly string[], options: ExpandOptions = {}): AsyncGenerator<InputRef> {
  const spec = INPUT_KINDS[kind];
  const seen = args.length > 1 ? new Set<string>() : undefined;
  const fresh = (file: string) => {
    if (seen === undefined) return true;
    if (seen.has(file)) return false;
    seen.add(file);
    return true;
  };
  for (const arg of args) {
    const expanded = await expandArgument(host, spec, arg, options);
    for (const ref of expanded.refs) if (!ref.skipped || fresh(path.resolve(host.cwd, ref.path))) yield ref;
    if (expanded.named !== undefined) {
      const file = path.resolve(host.cwd, expanded.named);
      if (fresh(file)) yield { path: expanded.named, file, named: true };
    }
    const found = expanded.found ?? [];
    const foundBy = [arg];
    for (let k = 0; k < found.length; k++) {
      const file = path.resolve(host.cwd, found[k]!);
      if (fresh(file)) yield { path: found[k]!, file, foundBy };
    }
  }
}

/**
 * The real folders a symbolic link met while walking `start` (a folder, or a glob's fixed part) may lead into: the
 * project holding it, and `start` itself, which the user named. Undefined on a host without links.
 */
async function linkRoots(host: Host, start: string): Promise<string[] | undefined> {
  if (!host.realPath) return undefined;
  const absolute = path.resolve(host.cwd, start);
  const roots = [await findProjectRoot(host, path.join(absolute, "_")), absolute];
  return Promise.all(roots.map((root) => toRealPath(host, root)));
}

/** The folder a glob starts searching in: its segments before the first with a wildcard ("" for the working directory). */
function globBase(host: Host, pattern: string): string {
  const segments = pattern.split("/");
  const wild = segments.findIndex((s) => host.isGlob(s));
  return segments.slice(0, wild === -1 ? segments.length - 1 : wild).join("/") || (pattern.startsWith("/") ? "/" : "");
}

function outsideProject(arg: string): Diagnostic {
  return {
    ruleId: "outside-project",
    severity: "warning",
    message: `Skipped: a symbolic link (found in ${arg}) that leads outside the project, so nothing was read from it; name it directly to read it.`,
    pointer: "",
  };
}

/** An input with its bytes, or the finding that says why it has none. */
export interface ReadInput extends InputRef {
  bytes?: Uint8Array;
}

/** Reads one input (stdin for `-`); a failure becomes an `unreadable-file` problem naming the path, never an exception. */
export async function readInput(host: Host, ref: InputRef): Promise<ReadInput> {
  if (ref.problem) return ref;
  try {
    return { ...ref, bytes: ref.file === undefined ? await host.readStdin() : await host.readFile(ref.file) };
  } catch (error) {
    return { ...ref, problem: unreadableFile(describeFsError(error, ref.path)) };
  }
}

/** `expandInputs` then `readInput` for each, in order. */
export async function readInputs(host: Host, kind: InputKind, args: readonly string[], options: ExpandOptions = {}): Promise<ReadInput[]> {
  const refs = await expandInputs(host, kind, args, options);
  const read: ReadInput[] = [];
  for (const ref of refs) read.push(await readInput(host, ref));
  return read;
}

/** A path as the user should see it: relative to `cwd` with forward slashes when inside it, else as given. */
export function displayPath(cwd: string, file: string): string {
  const rel = path.relative(cwd, path.resolve(cwd, file));
  return rel === "" ? "." : rel.startsWith("..") || path.isAbsolute(rel) ? file : rel.split(path.sep).join("/");
}
