// `pathway fetch`: downloads remote pathways into canonical JSON files, atomically, and records them in the manifest.
import { Option, type Command } from "commander";
import path from "node:path";
import { readFile } from "node:fs/promises";
import type { FetchedPathway, PathwayClient, PathwayEndpoint, RemoteRef } from "../../remote/index.js";
import { parseWholeNumber } from "../check-files.js";
import { EXIT, ExitError } from "../exit.js";
import type { CliIo } from "../io.js";
import { createEmptyManifest, findEntryByFile, fromManifestPath, loadManifest, saveManifest, setEntry, toManifestPath, type LoadedManifest } from "../manifest.js";
import { createProgress } from "../progress.js";
import { writeFileAtomic } from "../write-file-atomic.js";

/** Flags shared by fetch, diff and push. */
export interface RemoteFlags {
  baseUrl?: string;
  endpoint?: string;
  timeout?: number;
  retries?: number;
  concurrency?: number;
}

/** The --concurrency option of fetch and `diff --check`. */
export function createConcurrencyOption(description: string): Option {
  return new Option("--concurrency <n>", description).argParser(parseWholeNumber(1)).default(4);
}

/** Adds --base-url, --endpoint, --timeout, --retries to a command. */
export function addRemoteOptions(command: Command): Command {
  return command
    .option("--base-url <url>", "API root (default: $PATHWAYKIT_BASE_URL, the manifest's baseUrl, or https://api.bland.ai)")
    .addOption(new Option("--endpoint <name>", "read endpoint: convo (GET /v1/convo_pathway/{id}) or pathway (GET /v1/pathway/{id})").choices(["convo", "pathway"]))
    .addOption(new Option("--timeout <ms>", "per-attempt timeout in milliseconds").argParser(parseWholeNumber(1)).default(30000))
    .addOption(new Option("--retries <n>", "retries on network errors, timeouts, 429 and 5xx").argParser(parseWholeNumber(0)).default(3));
}

/** Narrows --endpoint to its type (commander has already checked the choices; this also guards other callers). */
export function toEndpoint(value: string | undefined): PathwayEndpoint | undefined {
  if (value === undefined) return undefined;
  if (value !== "convo" && value !== "pathway") throw new ExitError(EXIT.failure, `--endpoint "${value}": expected convo or pathway.`);
  return value;
}

/** Builds the client from flags, environment and manifest; the remote modules are loaded only here. */
export async function createClientFromFlags(flags: RemoteFlags, io: CliIo, loaded: LoadedManifest): Promise<PathwayClient> {
  const { createPathwayClient, resolveRemoteSettings } = await import("../../remote/index.js");
  const settings = resolveRemoteSettings({ baseUrl: flags.baseUrl, env: io.env, configBaseUrl: loaded.manifest.baseUrl });
  return createPathwayClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    timeoutMs: flags.timeout,
    retries: flags.retries,
    onRetry: io.env.PATHWAYKIT_DEBUG ? (info) => io.stderr.write(`pathway: retrying ${info.url} in ${info.delayMs} ms (${info.reason}; attempt ${info.attempt} of ${info.maxAttempts})\n`) : undefined,
  });
}

/** Turns a RemoteError into an ExitError (I/O failure, exit 2); anything else is rethrown. */
export async function toExitError(error: unknown): Promise<unknown> {
  const { RemoteError } = await import("../../remote/index.js");
  return error instanceof RemoteError ? new ExitError(EXIT.failure, error.message) : error;
}

/** Runs `work` over `items` with at most `limit` at a time, keeping results in input order. */
export async function mapPool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** A file name for a pathway id: unsafe characters become `_`. */
export function toPathwayFileName(id: string): string {
  const safe = id.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_");
  return `${safe || "pathway"}.json`;
}

/** One fetch's outcome, as `--format json` prints it. */
export interface FetchOutcome {
  id: string;
  file: string;
  ok: boolean;
  hash?: string;
  nodes?: number;
  edges?: number;
  warnings: string[];
  /** True when the file had local edits and was left as it was (exit 1). */
  skipped?: boolean;
  /** The saved version fetched (`<id>@<n>`), when one was asked for. */
  version?: number;
  error?: { kind: string; message: string };
}

interface FetchFlags extends RemoteFlags {
  force?: boolean;
  output?: string;
  outDir: string;
  manifest: boolean;
  format: string;
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(
    program
      .command("fetch")
      .description("download remote pathways into canonical JSON files and record them in pathwaykit.manifest.json")
      .argument("[ids...]", "pathway ids (or <id>@<n>, <id>@latest for a saved version); none re-fetches every pathway in the manifest"),
  )
    .option("-o, --output <file>", "file to write (one id only); - prints to stdout")
    .option("--force", "overwrite files with local edits (by default they are left as they are and reported)")
    .option("--out-dir <dir>", "directory for new files, named <id>.json", "pathways")
    .addOption(createConcurrencyOption("downloads at a time"))
    .option("--no-manifest", "do not read or update pathwaykit.manifest.json")
    .addOption(new Option("-f, --format <name>", "output format; with -o - the outcome report goes to stderr").choices(["text", "json"]).default("text"))
    .addHelpText(
      "after",
      `
The API key comes from $PATHWAYKIT_API_KEY (sent raw in the authorization header). A file is replaced only by a
complete, checked download: a failed fetch leaves it byte for byte as it was. A file whose content no longer
matches the hash recorded in the manifest at the last fetch or push (local edits), or an existing file fetch never
wrote, is not overwritten unless --force: fetch reports it, fetches the others, and exits 1; see the edits with
\`pathway diff <file> remote:<id>\`. With -o - stdout holds only the pathway; the report (text or --format json)
goes to stderr.

Exit codes: 0 all fetched, 1 some files skipped because of local edits, 2 usage error or any download failed.

Examples:
  $ export PATHWAYKIT_API_KEY=sk-...
  $ pathway fetch 1b2c3d4e -o pathways/support.json
  $ pathway fetch 1b2c3d4e 5f6a7b8c --out-dir pathways
  $ pathway fetch                       # refresh every pathway in the manifest
  $ pathway fetch 1b2c3d4e@3 -o old.json   # a saved version (see \`pathway versions\`)
  $ pathway fetch 1b2c3d4e -o - | jq '.nodes | length'`,
    )
    .action(async (ids: string[], flags: FetchFlags) => {
      const endpointFlag = toEndpoint(flags.endpoint);
      const concurrency = flags.concurrency ?? 4;
      const loaded = flags.manifest ? await loadManifest(io.cwd) : createEmptyManifest(io.cwd);
      if (flags.output !== undefined && ids.length !== 1) throw new ExitError(EXIT.failure, "-o/--output takes exactly one pathway id; use --out-dir for several.");
      const { parseRemoteRef } = await import("../../remote/index.js");
      type Job = { id: string; file: string; endpoint: PathwayEndpoint; ref: RemoteRef };
      let jobs: Job[];
      if (ids.length === 0) {
        if (!flags.manifest || loaded.manifest.pathways.length === 0) {
          throw new ExitError(EXIT.failure, "No pathway ids given and no pathways in pathwaykit.manifest.json; run e.g. `pathway fetch <id> -o pathways/name.json` first.");
        }
        jobs = loaded.manifest.pathways.map((e) => ({ id: e.id, file: path.relative(io.cwd, fromManifestPath(loaded, e)) || e.file, endpoint: endpointFlag ?? e.endpoint ?? "convo", ref: { id: e.id } }));
      } else {
        jobs = ids.map((arg) => {
          const ref = parseRemoteRef(arg.startsWith("remote:") ? arg.slice("remote:".length) : arg);
          if (!ref) throw new ExitError(EXIT.failure, `"${arg}": expected a pathway id, <id>@<version number> or <id>@latest.`);
          const id = ref.id;
          const known = loaded.manifest.pathways.find((e) => e.id === id);
          const file = flags.output ?? (known ? path.relative(io.cwd, fromManifestPath(loaded, known)) : path.join(flags.outDir, toPathwayFileName(id)));
          return { id, file, endpoint: endpointFlag ?? known?.endpoint ?? "convo", ref };
        });
      }
      const client = await createClientFromFlags(flags, io, loaded);
      const { toCanonicalJson } = await import("../../model/index.js");
      const { RemoteError } = await import("../../remote/index.js");
      const { fetchRemoteRef } = await import("../../engine/remote-pathways.js");
      const { getLocalFileState, isSafeToReplace, toLocalEditsMessage } = await import("../../engine/local-edits.js");
      const readBytes = async (file: string): Promise<Uint8Array | undefined> => {
        try {
          return await readFile(path.resolve(io.cwd, file));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
          throw error;
        }
      };
      const progress = await createProgress(io, { total: jobs.length, label: "fetching" });
      const fetched = new Map<number, FetchedPathway>();
      const outcomes = await mapPool(jobs, concurrency, async (job, index): Promise<FetchOutcome> => {
        try {
          const result = await fetchRemoteRef(client, job.ref, job.endpoint);
          const version = result.version !== undefined ? { version: result.version } : {};
          if (job.file !== "-" && !flags.force) {
            // Checked after the download: a file that already holds exactly the remote content loses nothing.
            const entry = findEntryByFile(loaded, io.cwd, job.file);
            const state = await getLocalFileState(job.file, entry?.fileHash ?? entry?.hash, readBytes);
            if (state.state === "edited" && !isSafeToReplace(state, result.hash)) {
              return { id: job.id, file: job.file, ok: false, skipped: true, ...version, warnings: result.warnings, error: { kind: "local-edits", message: toLocalEditsMessage(job.file, job.id, state) } };
            }
          }
          const text = toCanonicalJson(result.pathway);
          if (job.file === "-") io.stdout.write(text);
          else await writeFileAtomic(path.resolve(io.cwd, job.file), text);
          fetched.set(index, result);
          const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
          return { id: job.id, file: job.file, ok: true, ...version, hash: result.hash, nodes: count(result.pathway.nodes), edges: count(result.pathway.edges), warnings: result.warnings };
        } catch (error) {
          if (error instanceof RemoteError) return { id: job.id, file: job.file, ok: false, warnings: [], error: { kind: error.kind, message: error.message } };
          const code = (error as NodeJS.ErrnoException).code;
          if (typeof code === "string") return { id: job.id, file: job.file, ok: false, warnings: [], error: { kind: "write", message: `cannot write ${job.file} (${code}); the old file is unchanged.` } };
          throw error;
        } finally {
          progress.tick(job.id);
        }
      });
      progress.stop();

      if (flags.manifest) {
        const now = new Date().toISOString();
        let changed = false;
        jobs.forEach((job, i) => {
          const result = fetched.get(i);
          if (!result || job.file === "-") return;
          setEntry(loaded, { file: toManifestPath(loaded, io.cwd, job.file), id: job.id, endpoint: job.endpoint, hash: result.hash, fetchedAt: now });
          changed = true;
        });
        if (changed) await saveManifest(loaded);
      }

      // With -o - stdout holds the pathway itself, so the report goes to stderr: stdout stays one JSON document.
      const out = flags.output === "-" ? io.stderr : io.stdout;
      if (flags.format === "json") out.write(JSON.stringify(outcomes, null, 2) + "\n");
      else {
        for (const o of outcomes) {
          for (const w of o.warnings) io.stderr.write(`pathway: warning: ${w}\n`);
          if (o.ok) out.write(`✔ ${o.id} → ${o.file} (${o.nodes} nodes, ${o.edges} edges)\n`);
          else if (o.skipped) io.stderr.write(`⚠ skipped ${o.file}: ${o.error!.message}\n`);
          else io.stderr.write(`✖ ${o.id}: ${o.error!.message}\n`);
        }
      }
      const failed = outcomes.some((o) => !o.ok && !o.skipped);
      io.setExitCode(failed ? EXIT.failure : outcomes.some((o) => o.skipped) ? EXIT.findings : EXIT.ok);
    });
}
