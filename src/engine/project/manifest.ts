// The project manifest `pathwaykit.manifest.json`: which file holds which remote pathway, and the hash of the version last fetched.
import path from "node:path";
import { z } from "zod";
import { readJsonStructured } from "../../parse/index.js";
import { getPathSegmentProblem } from "../../remote/path-segment.js";
import { resolveInsideRoot } from "../../host/confine-path.js";
import { EngineError } from "../../host/errors.js";
import { describeFsError } from "../../host/fs-errors.js";
import type { Host } from "../../host/host.js";

/** The manifest's file name; it lives at the project root (found by walking up from the working directory). */
export const MANIFEST_FILE = "pathwaykit.manifest.json";

const EntrySchema = z.strictObject({
  file: z.string().min(1),
  // The id becomes a URL path segment: "." or ".." would send fetch and push to another endpoint.
  id: z.string().refine((id) => getPathSegmentProblem(id) === undefined, { error: (issue) => `the pathway id ${getPathSegmentProblem(String(issue.input))}` }),
  endpoint: z.enum(["convo", "pathway"]).optional(),
  hash: z.string().optional(),
  /** Hash of the file's content as the last push sent it, when it differs from what the service stored (`hash`). */
  fileHash: z.string().optional(),
  fetchedAt: z.string().optional(),
  /** The version `push --draft` uploads to, and the content hash (see getContentHash) of what it sent. */
  draft: z.strictObject({ version: z.number().int().min(1), hash: z.string(), name: z.string().optional(), pushedAt: z.string().optional() }).optional(),
  /** Promotions made from this project, oldest first, each after the version it replaced when the service reported that one (recorded without a hash): rollback's "previous production version"; the newest 20 are kept. */
  releases: z
    .array(z.strictObject({ version: z.number().int().min(1), environment: z.enum(["production", "staging"]), hash: z.string().optional(), at: z.string() }))
    .optional(),
});

const ManifestSchema = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(1),
  baseUrl: z.string().optional(),
  pathways: z.array(EntrySchema),
});

/** One tracked pathway: `file` relative to the manifest, the remote `id`, and the hash of the version last fetched or pushed. */
export type ManifestEntry = z.infer<typeof EntrySchema>;

/** The manifest's content. */
export type Manifest = z.infer<typeof ManifestSchema>;

/** A manifest and where it lives. */
export interface LoadedManifest {
  path: string;
  dir: string;
  manifest: Manifest;
  /** False until the file exists on disk. */
  exists: boolean;
}

/** Finds and reads the manifest from `cwd` upwards; when there is none, returns an empty one to be created in `cwd`. */
export async function loadManifest(host: Host, cwd: string = host.cwd): Promise<LoadedManifest> {
  for (let dir = path.resolve(host.cwd, cwd); ; ) {
    const file = path.join(dir, MANIFEST_FILE);
    let text: string | undefined;
    try {
      text = new TextDecoder().decode(await host.readFile(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw new EngineError("config", describeFsError(error, file));
    }
    if (text !== undefined) return { path: file, dir, manifest: parseManifest(text, file), exists: true };
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return createEmptyManifest(cwd);
}

/** An empty manifest to be created in `cwd` (also what `--no-manifest` works with: it is never saved). */
export function createEmptyManifest(cwd: string): LoadedManifest {
  const dir = path.resolve(cwd);
  return { path: path.join(dir, MANIFEST_FILE), dir, manifest: { version: 1, pathways: [] }, exists: false };
}

/** Parses manifest text with the structured-file reader; a broken manifest is a config error naming the key (or the line of a syntax error). */
export function parseManifest(text: string, file: string): Manifest {
  const read = readJsonStructured(text, { schema: ManifestSchema, emptyMessage: "the file is empty" });
  if (read.ok) return read.value;
  const first = read.diagnostics[0]!;
  if (first.ruleId === "parse-error") {
    const at = first.range ? `line ${first.range.start.line}, column ${first.range.start.column}: ` : "";
    throw new EngineError("config", `${file}: not valid JSON (${at}${first.message.replace(/\.$/, "")}); fix it or delete it and fetch again.`);
  }
  throw new EngineError("config", `${file}: ${first.message.replace(/\.$/, "")}. Expected {"version": 1, "pathways": [{"file", "id", "hash"?}]}.`);
}

/** Writes the manifest atomically, entries sorted by file, with a trailing newline. */
export async function saveManifest(host: Host, loaded: LoadedManifest): Promise<void> {
  const pathways = [...loaded.manifest.pathways].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const manifest: Manifest = { ...loaded.manifest, pathways };
  await host.writeFile(loaded.path, `${JSON.stringify(manifest, null, 2)}\n`);
  loaded.exists = true;
}

/** `file` (relative to `cwd`) as the manifest names it: relative to the manifest's directory, with forward slashes. */
export function toManifestPath(loaded: LoadedManifest, cwd: string, file: string): string {
  return path.relative(loaded.dir, path.resolve(cwd, file)).split(path.sep).join("/");
}

/**
 * The absolute path of an entry's file, or a message naming the entry when its path is absolute, climbs out with `..`
 * or leaves the manifest's folder through a symlink: a committed manifest may only name files inside the project.
 */
export async function resolveEntryFile(
  host: Host,
  loaded: LoadedManifest,
  entry: ManifestEntry,
): Promise<{ path: string; error?: undefined } | { path?: undefined; error: string }> {
  const confined = await resolveInsideRoot(host, loaded.dir, entry.file);
  if (confined.ok) return { path: confined.path };
  return {
    error: `${MANIFEST_FILE}: the entry for pathway ${entry.id} names ${JSON.stringify(entry.file)}, which ${confined.reason}. Nothing was read or written for it.`,
  };
}

/**
 * `file` (relative to `cwd`) as the manifest names it, or undefined when it lies outside the manifest's folder: the
 * manifest records only files inside the project, since it refuses any other on the next read (see resolveEntryFile).
 */
export function toRecordablePath(loaded: LoadedManifest, cwd: string, file: string): string | undefined {
  const relative = toManifestPath(loaded, cwd, file);
  return relative === ".." || relative.startsWith("../") || path.isAbsolute(relative) ? undefined : relative;
}

/** The absolute path of an entry's file, unchecked: operations use `resolveEntryFile`, which keeps it inside the project. */
export function fromManifestPath(loaded: LoadedManifest, entry: ManifestEntry): string {
  return path.resolve(loaded.dir, entry.file);
}

/** The entry for a file (given relative to `cwd`), if any. */
export function findEntryByFile(loaded: LoadedManifest, cwd: string, file: string): ManifestEntry | undefined {
  const key = toManifestPath(loaded, cwd, file);
  return loaded.manifest.pathways.find((e) => e.file === key);
}

/** Adds or replaces the entry for `entry.file`. */
export function setEntry(loaded: LoadedManifest, entry: ManifestEntry): void {
  const list = loaded.manifest.pathways.filter((e) => e.file !== entry.file);
  list.push(entry);
  loaded.manifest.pathways = list;
}
