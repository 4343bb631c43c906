// `pathway diff`: the semantic difference of two pathway versions (files, stdin or remote), or drift of every manifest file.
import { Option, type Command } from "commander";
import path from "node:path";
import type { PathwayDiff } from "../../diff/index.js";
import type { PathwayClient, PathwayEndpoint } from "../../remote/index.js";
import { readFileBounded, readStreamBounded } from "../../engine/read-file-bounded.js";
import { EXIT, ExitError } from "../exit.js";
import { describeFsError } from "../inputs.js";
import { useColor, type CliIo } from "../io.js";
import { loadManifest, resolveEntryFile, type LoadedManifest } from "../manifest.js";
import { createProgress } from "../progress.js";
import { addRemoteOptions, createClientFromFlags, createConcurrencyOption, mapPool, toEndpoint, toExitError, type RemoteFlags } from "./fetch.js";

const FORMATS = ["text", "json", "mermaid", "md"];

interface DiffFlags extends RemoteFlags {
  format: string;
  includeLayout?: boolean;
  check?: boolean;
  color?: boolean;
}

/** Reads stdin to the end, within the input cap. */
async function readAll(io: CliIo): Promise<Uint8Array> {
  try {
    return await readStreamBounded(io.stdin, io.maxFileBytes);
  } catch (error) {
    throw new ExitError(EXIT.failure, describeFsError(error, "<stdin>"));
  }
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`.slice(0, 40);
}

/**
 * Parses a pathway file's bytes; syntax and encoding errors stop the command with the place and the fix, and so does
 * JSON that is not an object with a `nodes` list (the diff would otherwise compare nothing and report "no differences").
 */
export async function toPathwayValue(bytes: Uint8Array, label: string): Promise<unknown> {
  const { parseDocument } = await import("../../parse/index.js");
  const { isObject } = await import("../../model/index.js");
  const parsed = parseDocument(bytes);
  if (!parsed.ok) {
    const d = parsed.diagnostics.find((x) => x.severity === "error") ?? parsed.diagnostics[0];
    const where = d?.range ? `:${d.range.start.line}:${d.range.start.column}` : "";
    throw new ExitError(EXIT.failure, `${label}${where}: ${d?.message ?? "cannot be parsed"}`);
  }
  const value = parsed.value;
  if (!isObject(value) || !Array.isArray(value.nodes)) {
    const found = !isObject(value) ? describeValue(value) : !Object.prototype.hasOwnProperty.call(value, "nodes") ? 'an object without "nodes"' : `"nodes" as ${describeValue(value.nodes)}`;
    const validateArg = label === "<stdin>" ? "-" : label;
    throw new ExitError(EXIT.failure, `${label}: not a pathway: expected an object with a "nodes" list, found ${found}. Run \`pathway validate ${validateArg}\` for details.`);
  }
  return value;
}

/** Reads a file relative to the command's working directory, with a clear message when it cannot. */
export async function readPathwayFile(io: CliIo, file: string): Promise<{ bytes: Uint8Array; value: unknown }> {
  let bytes: Uint8Array;
  try {
    bytes = await readFileBounded(path.resolve(io.cwd, file), io.maxFileBytes);
  } catch (error) {
    throw new ExitError(EXIT.failure, describeFsError(error, file));
  }
  return { bytes, value: await toPathwayValue(bytes, file) };
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(
    program
      .command("diff")
      .description("show what changed between two pathway versions: nodes, edges and fields, not JSON lines")
      .argument("[a]", "first version: a file, - for stdin, or remote:<id>")
      .argument("[b]", "second version: a file, - for stdin, or remote:<id>"),
  )
    .addOption(new Option("-f, --format <name>", "output format").choices(FORMATS).default("text"))
    .option("--include-layout", "also compare layout and editor-only fields (positions, edge ids, label placement...)")
    .option("--check", "compare every file in pathwaykit.manifest.json with its remote pathway (drift check for CI)")
    .addOption(createConcurrencyOption("with --check: downloads at a time"))
    .option("--color", "force colour")
    .option("--no-color", "disable colour")
    .addHelpText(
      "after",
      `
Nodes are matched by id (a node whose id changed but whose content is similar is a rename); edges by source,
target and label, never by their regenerated ids. Layout and editor-only fields are ignored unless --include-layout.

Exit codes: 0 no differences, 1 differences (or drift with --check), 2 usage, read or network error.

Examples:
  $ pathway diff pathways/support.json remote:1b2c3d4e
  $ git show HEAD~1:pathways/support.json | pathway diff - pathways/support.json --format md > comment.md
  $ pathway diff old.json new.json --format mermaid > changes.mmd
  $ pathway diff --check                 # CI: has anyone edited a pathway in the web editor?`,
    )
    .action(async (a: string | undefined, b: string | undefined, flags: DiffFlags) => {
      const endpoint = toEndpoint(flags.endpoint);
      const { getPathwayDiff } = await import("../../diff/index.js");
      const { diffFormatters } = await import("../../format/diff-formatters.js");
      const color = useColor(flags.color, io);
      const options = { includeLayout: flags.includeLayout === true };
      const loaded = await loadManifest(io.cwd);
      let client: PathwayClient | undefined;
      const getClient = async () => (client ??= await createClientFromFlags(flags, io, loaded));

      if (flags.check) {
        if (a !== undefined || b !== undefined) throw new ExitError(EXIT.failure, "--check compares the manifest's files with their remotes; give no files with it.");
        if (flags.format === "mermaid") throw new ExitError(EXIT.failure, "--check prints text, json or md; mermaid draws one diff at a time.");
        io.setExitCode(await runCheck(io, loaded, await getClient(), flags, endpoint, options, color));
        return;
      }
      if (a === undefined || b === undefined) throw new ExitError(EXIT.failure, "pathway diff needs two versions, e.g. `pathway diff old.json new.json` or `pathway diff file.json remote:<id>`; or --check.");
      if (a === "-" && b === "-") throw new ExitError(EXIT.failure, "Only one side can be - (stdin).");
      const load = async (spec: string): Promise<unknown> => {
        if (spec === "-") return toPathwayValue(await readAll(io), "<stdin>");
        if (spec.startsWith("remote:")) {
          const id = spec.slice("remote:".length);
          if (id === "") throw new ExitError(EXIT.failure, `"${spec}": expected remote:<pathway id>.`);
          const known = loaded.manifest.pathways.find((e) => e.id === id);
          try {
            return (await (await getClient()).getPathway(id, { endpoint: endpoint ?? known?.endpoint ?? "convo" })).pathway;
          } catch (error) {
            throw await toExitError(error);
          }
        }
        return (await readPathwayFile(io, spec)).value;
      };
      // Both sides load at once, but a failure is reported for the first side that failed, in argument order, not
      // whichever happened to fail first.
      const [first, second] = await Promise.allSettled([load(a), load(b)]);
      if (first.status === "rejected") throw first.reason;
      if (second.status === "rejected") throw second.reason;
      const [before, after] = [first.value, second.value];
      const diff = getPathwayDiff(before, after, options);
      io.stdout.write(diffFormatters[flags.format]!({ diff, before, after, labelA: a === "-" ? "<stdin>" : a, labelB: b === "-" ? "<stdin>" : b }, { color }));
      io.setExitCode(diff.equal ? EXIT.ok : EXIT.findings);
    });
}

/** One manifest file's drift, as `--check --format json` prints it. */
export interface DriftResult {
  file: string;
  id: string;
  equal?: boolean;
  diff?: PathwayDiff;
  error?: string;
}

async function runCheck(
  io: CliIo,
  loaded: LoadedManifest,
  client: PathwayClient,
  flags: DiffFlags,
  endpoint: PathwayEndpoint | undefined,
  options: { includeLayout: boolean },
  color: boolean,
): Promise<number> {
  if (!loaded.exists || loaded.manifest.pathways.length === 0) {
    throw new ExitError(EXIT.failure, "No pathwaykit.manifest.json with pathways here or above; run `pathway fetch <id> -o <file>` first to record which file holds which pathway.");
  }
  const { getPathwayDiff } = await import("../../diff/index.js");
  const { diffFormatters } = await import("../../format/diff-formatters.js");
  const { RemoteError } = await import("../../remote/index.js");
  const entries = loaded.manifest.pathways;
  const progress = await createProgress(io, { total: entries.length, label: "checking" });
  const results = await mapPool(entries, flags.concurrency ?? 4, async (entry) => {
    const resolved = await resolveEntryFile(loaded, entry);
    const file = resolved.path === undefined ? entry.file : path.relative(io.cwd, resolved.path) || entry.file;
    try {
      if (resolved.error !== undefined) throw new ExitError(EXIT.failure, resolved.error);
      const local = (await readPathwayFile(io, file)).value;
      const remote = await client.getPathway(entry.id, { endpoint: endpoint ?? entry.endpoint ?? "convo" });
      const diff = getPathwayDiff(local, remote.pathway, options);
      return { result: { file, id: entry.id, equal: diff.equal, diff } as DriftResult, local, remote: remote.pathway };
    } catch (error) {
      if (error instanceof RemoteError || error instanceof ExitError) return { result: { file, id: entry.id, error: error.message } as DriftResult };
      throw error;
    } finally {
      progress.tick(entry.file);
    }
  });
  progress.stop();
  const drifted = results.filter((r) => r.result.equal === false).length;
  const failed = results.filter((r) => r.result.error !== undefined).length;
  if (flags.format === "json") {
    io.stdout.write(JSON.stringify(results.map((r) => r.result), null, 2) + "\n");
  } else {
    for (const { result, local, remote } of results) {
      if (result.error !== undefined) io.stderr.write(`✖ ${result.file} (remote:${result.id}): ${result.error}\n`);
      else if (result.equal) {
        if (flags.format === "text") io.stdout.write(`✔ ${result.file} matches remote:${result.id}\n`);
      } else {
        io.stdout.write(diffFormatters[flags.format]!({ diff: result.diff!, before: local, after: remote, labelA: result.file, labelB: `remote:${result.id}` }, { color }) + "\n");
      }
    }
    const summary = `${drifted} of ${results.length} pathway${results.length === 1 ? "" : "s"} differ from the remote${failed ? `, ${failed} could not be checked` : ""}.`;
    io.stdout.write(flags.format === "md" ? `**${summary}**\n` : `${summary}\n`);
  }
  return failed > 0 ? EXIT.failure : drifted > 0 ? EXIT.findings : EXIT.ok;
}
