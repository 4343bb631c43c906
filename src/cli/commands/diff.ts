// `pathway diff`: the semantic difference of two pathway versions (files, stdin or remote), or drift of every manifest file.
import { InvalidArgumentError, Option, type Command } from "commander";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { PathwayDiff } from "../../diff/index.js";
import type { PathwayClient, PathwayEndpoint } from "../../remote/index.js";
import { EXIT, ExitError } from "../exit.js";
import { useColor, type CliIo } from "../io.js";
import { fromManifestPath, loadManifest, type LoadedManifest } from "../manifest.js";
import { createProgress } from "../progress.js";
import { parseWholeNumber } from "../check-files.js";
import { writeOutput } from "../write-output.js";
import { addRemoteOptions, createClientFromFlags, createConcurrencyOption, mapPool, toEndpoint, toExitError, type RemoteFlags } from "./fetch.js";

const FORMATS = ["text", "json", "mermaid", "md"];

interface DiffFlags extends RemoteFlags {
  format: string;
  includeLayout?: boolean;
  check?: boolean;
  color?: boolean;
  context: number | "all";
  only?: string;
  maxChars?: number;
  output?: string;
}

/** `--context`: a whole number of units, or `all`. */
function parseContext(value: string): number | "all" {
  if (value === "all") return "all";
  if (!/^\d{1,6}$/.test(value)) throw new InvalidArgumentError("expected a whole number of lines or sentences, or all.");
  return Number(value);
}

/** `--only`: kind names, checked against the diff layer's list. */
async function parseOnly(value: string | undefined): Promise<import("../../diff/index.js").ChangeKind[] | undefined> {
  if (value === undefined) return undefined;
  const { CHANGE_KINDS, isChangeKind } = await import("../../diff/index.js");
  const names = value.split(",").map((k) => k.trim()).filter(Boolean);
  const unknown = names.filter((k) => !isChangeKind(k));
  if (names.length === 0 || unknown.length > 0) throw new ExitError(EXIT.failure, `--only ${JSON.stringify(value)}: unknown kind ${unknown.map((k) => JSON.stringify(k)).join(", ") || "(none given)"}; choose from ${CHANGE_KINDS.join(", ")}.`);
  return names.filter(isChangeKind);
}

/** A file name as a shell word: quoted when it holds anything but plain characters. */
function toShellWord(text: string): string {
  return /^[\w./:@=+-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

/** Reads stdin to the end. */
async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
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
    bytes = await readFile(path.resolve(io.cwd, file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ExitError(EXIT.failure, code === "ENOENT" ? `${file}: no such file; check the path.` : `${file}: cannot be read (${code ?? String(error)}).`);
  }
  return { bytes, value: await toPathwayValue(bytes, file) };
}

/** Registers the command on the program. */
export function register(program: Command, io: CliIo): void {
  addRemoteOptions(
    program
      .command("diff")
      .description("show what changed between two pathway versions: nodes, edges and fields, not JSON lines")
      .argument("[a]", "first version: a file, - for stdin, remote:<id>, remote:<id>@<n> or remote:<id>@latest")
      .argument("[b]", "second version: a file, - for stdin, remote:<id>, remote:<id>@<n> or remote:<id>@latest"),
  )
    .addOption(new Option("-f, --format <name>", "output format").choices(FORMATS).default("text"))
    .option("--include-layout", "also compare layout and editor-only fields (positions, edge ids, label placement...)")
    .addOption(new Option("--context <n>", "lines (or sentences) of context around changes inside long text; all shows everything").argParser(parseContext).default(3))
    .option("--only <kinds>", "only these kinds of change, comma-separated: prompt, routing, variables, webhook, transfer, globals, model, metadata, layout, other")
    .addOption(new Option("--max-chars <n>", "md: cut the largest details past this many characters, with a note (0: no limit)").argParser(parseWholeNumber(0)).default(65536))
    .option("-o, --output <file>", "write the diff to a file instead of stdout")
    .option("--check", "compare every file in pathwaykit.manifest.json with its remote pathway (drift check for CI)")
    .addOption(createConcurrencyOption("with --check: downloads at a time"))
    .option("--color", "force colour")
    .option("--no-color", "disable colour")
    .addHelpText(
      "after",
      `
Nodes are matched by id (a node whose id changed but whose content is similar is a rename); edges by source,
target and label, never by their regenerated ids. Layout and editor-only fields are ignored unless --include-layout.
Long text is compared by lines (by sentences when it is one line) and only changed hunks are shown, with
--context units around them and the changed words marked; text that holds JSON on both sides (webhook bodies) is
compared as JSON. Each change has a kind (--only filters by it); likely losses (a label, an extractVars entry or
a route removed, a removed node still pointed at) are listed. --format md fits a pull-request comment: past
--max-chars (GitHub's 65536 by default) the largest details are cut and a note says so.

Exit codes: 0 no differences, 1 differences (or drift with --check), 2 usage, read or network error.

Examples:
  $ pathway diff pathways/support.json remote:1b2c3d4e
  $ git show HEAD~1:pathways/support.json | pathway diff - pathways/support.json --format md > comment.md
  $ pathway diff old.json new.json --format mermaid > changes.mmd
  $ pathway diff remote:1b2c3d4e@3 remote:1b2c3d4e@5 --only routing,variables
  $ pathway diff old.json new.json --context 1
  $ pathway diff --check                 # CI: has anyone edited a pathway in the web editor?`,
    )
    .action(async (a: string | undefined, b: string | undefined, flags: DiffFlags) => {
      const endpoint = toEndpoint(flags.endpoint);
      const { getPathwayDiff } = await import("../../diff/index.js");
      const { diffFormatters } = await import("../../format/diff-formatters.js");
      const color = useColor(flags.color, io);
      const options = { includeLayout: flags.includeLayout === true, context: flags.context };
      const only = await parseOnly(flags.only);
      const loaded = await loadManifest(io.cwd);
      let client: PathwayClient | undefined;
      const getClient = async () => (client ??= await createClientFromFlags(flags, io, loaded));

      if (flags.check) {
        if (a !== undefined || b !== undefined) throw new ExitError(EXIT.failure, "--check compares the manifest's files with their remotes; give no files with it.");
        if (flags.format === "mermaid") throw new ExitError(EXIT.failure, "--check prints text, json or md; mermaid draws one diff at a time.");
        io.setExitCode(await runCheck(io, loaded, await getClient(), flags, endpoint, options, color, only));
        return;
      }
      if (a === undefined || b === undefined) throw new ExitError(EXIT.failure, "pathway diff needs two versions, e.g. `pathway diff old.json new.json` or `pathway diff file.json remote:<id>`; or --check.");
      if (a === "-" && b === "-") throw new ExitError(EXIT.failure, "Only one side can be - (stdin).");
      const load = async (spec: string): Promise<unknown> => {
        if (spec === "-") return toPathwayValue(await readAll(io.stdin), "<stdin>");
        if (spec.startsWith("remote:")) {
          const { parseRemoteRef } = await import("../../remote/index.js");
          const ref = parseRemoteRef(spec.slice("remote:".length));
          if (!ref) throw new ExitError(EXIT.failure, `"${spec}": expected remote:<pathway id>, remote:<id>@<version number> or remote:<id>@latest.`);
          const known = loaded.manifest.pathways.find((e) => e.id === ref.id);
          const { fetchRemoteRef } = await import("../../engine/remote-pathways.js");
          try {
            return (await fetchRemoteRef(await getClient(), ref, endpoint ?? known?.endpoint ?? "convo")).pathway;
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
      const { filterDiffByKind } = await import("../../diff/index.js");
      const full = getPathwayDiff(before, after, options);
      const diff = only ? filterDiffByKind(full, only) : full;
      const labelA = a === "-" ? "<stdin>" : a;
      const labelB = b === "-" ? "<stdin>" : b;
      const text = diffFormatters[flags.format]!(
        { diff, before, after, labelA, labelB },
        { color: color && flags.output === undefined, maxChars: flags.maxChars, ...(only ? { only } : {}), fullDiffCommand: `pathway diff ${toShellWord(labelA)} ${toShellWord(labelB)} --format md --max-chars 0${only ? ` --only ${only.join(",")}` : ""}` },
      );
      await writeOutput(io, flags.output, text);
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
  options: { includeLayout: boolean; context: number | "all" },
  color: boolean,
  only: import("../../diff/index.js").ChangeKind[] | undefined,
): Promise<number> {
  if (!loaded.exists || loaded.manifest.pathways.length === 0) {
    throw new ExitError(EXIT.failure, "No pathwaykit.manifest.json with pathways here or above; run `pathway fetch <id> -o <file>` first to record which file holds which pathway.");
  }
  const { getPathwayDiff, filterDiffByKind } = await import("../../diff/index.js");
  const { diffFormatters } = await import("../../format/diff-formatters.js");
  const { RemoteError } = await import("../../remote/index.js");
  const entries = loaded.manifest.pathways;
  const progress = await createProgress(io, { total: entries.length, label: "checking" });
  const results = await mapPool(entries, flags.concurrency ?? 4, async (entry) => {
    const file = path.relative(io.cwd, fromManifestPath(loaded, entry)) || entry.file;
    try {
      const local = (await readPathwayFile(io, file)).value;
      const remote = await client.getPathway(entry.id, { endpoint: endpoint ?? entry.endpoint ?? "convo" });
      const full = getPathwayDiff(local, remote.pathway, options);
      const diff = only ? filterDiffByKind(full, only) : full;
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
        const labels = { labelA: result.file, labelB: `remote:${result.id}` };
        io.stdout.write(diffFormatters[flags.format]!({ diff: result.diff!, before: local, after: remote, ...labels }, { color, maxChars: flags.maxChars, ...(only ? { only } : {}) }) + "\n");
      }
    }
    const summary = `${drifted} of ${results.length} pathway${results.length === 1 ? "" : "s"} differ from the remote${failed ? `, ${failed} could not be checked` : ""}.`;
    io.stdout.write(flags.format === "md" ? `**${summary}**\n` : `${summary}\n`);
  }
  return failed > 0 ? EXIT.failure : drifted > 0 ? EXIT.findings : EXIT.ok;
}
