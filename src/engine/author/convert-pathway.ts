// `convertPathway`: a bland-cli project to pathway JSON, or pathway JSON to a bland-cli project, with everything the target format cannot carry listed.
import path from "node:path";
import { compareDiagnostics, type Diagnostic } from "../../diagnostics/index.js";
import { EngineError } from "../../host/errors.js";
import { describeFsError } from "../../host/fs-errors.js";
import type { Host } from "../../host/host.js";
import { BLANDRC } from "../../interop/bland-cli/file.js";
import type { BlandCliLoss } from "../../interop/bland-cli/losses.js";
import blandCliPushLoss from "../../lint/rules/bland-cli-push-loss.js";
import { toCanonicalJson } from "../../model/canonical.js";
import { getRuleMessage } from "../../rules/index.js";
import { decodeUtf8 } from "../../parse/index.js";
import { loadPathwayFile, type LoadedPathwayFile } from "../project/load-pathway.js";

/** The formats `pathway convert` reads and writes. */
export type ConvertFormat = "json" | "bland-cli";

/** Options of `convertPathway`; all optional. */
export interface ConvertPathwayOptions {
  /** The format to write. Default: the other one (a bland-cli project becomes JSON, JSON a bland-cli project). */
  to?: ConvertFormat;
  /** Where to write: a JSON file, or a bland-cli project folder. Default: nothing is written; the text is in `text`. */
  output?: string;
  /** Write over an existing output file, or into a folder that already holds a bland-cli project. Default false. */
  force?: boolean;
  /** Write even when the target format cannot carry everything (the losses are still listed). Default false. */
  allowLoss?: boolean;
}

/** What converting gave: the losses (findings placed in the input), and what was written or would be. */
export interface ConvertPathwayResult {
  /** The input as shown. */
  path: string;
  from: ConvertFormat;
  to: ConvertFormat;
  /** Why the input could not be converted (it is no pathway, or bland-cli refuses it); nothing is written then. */
  problems: Diagnostic[];
  /** Everything the target format cannot carry, each a `bland-cli-push-loss` warning placed in the input. */
  losses: Diagnostic[];
  /** The converted pathway file's text (bland-pathway.yaml, or the JSON). */
  text?: string;
  /** The files written, as given (nothing when losses stopped it, or without `output`). */
  written: string[];
  /** True when losses stopped the writing (no `allowLoss`). */
  refused: boolean;
  /** The input's text, for code frames of the findings. */
  inputText?: string;
}

/** The losses as findings with their place in the input (the loaded document's source map) and the rule's words. */
function toFindings(losses: readonly BlandCliLoss[], loaded: LoadedPathwayFile): Diagnostic[] {
  const { meta } = blandCliPushLoss;
  const ranges = loaded.document?.locateMany(losses.map((l) => l.pointer));
  return losses
    .map((loss): Diagnostic => {
      const range = ranges?.get(loss.pointer);
      return {
        ruleId: meta.id,
        severity: "warning",
        message: getRuleMessage(meta.id, meta.messages, loss.messageId, loss.data),
        pointer: loss.pointer,
        ...(range && { range }),
        url: meta.docs,
      };
    })
    .sort(compareDiagnostics);
}

/**
 * Converts one pathway. From a bland-cli project (its folder, or its YAML file) it writes the pathway its push sends,
 * as canonical JSON; the losses are the file's keys that push never sends. From pathway JSON it writes a bland-cli
 * project folder (`bland-pathway.yaml` as bland-cli writes it, and `.blandrc` naming it, keeping the pathway_id of one
 * already there); the losses are what bland-cli's file cannot hold (see `toBlandCliFile`). With losses and no
 * `allowLoss`, nothing is written (`refused`). Writes are atomic, and never replace an existing file (or fill a folder
 * holding a bland-cli project) without `force`. A file that is no pathway gives `problems`; bad arguments throw EngineError.
 */
export async function convertPathway(host: Host, input: string, options: ConvertPathwayOptions = {}): Promise<ConvertPathwayResult> {
  const loaded = await loadPathwayFile(host, input, { allowEmpty: true });
  const from: ConvertFormat = loaded.document?.converted ? "bland-cli" : "json";
  const to = options.to ?? (from === "json" ? "bland-cli" : "json");
  const base = { path: loaded.path, from, to, written: [] as string[], refused: false, ...(loaded.text !== undefined && { inputText: loaded.text }) };
  const errors = loaded.diagnostics.filter((d) => d.severity === "error");
  const fileErrors = (loaded.document?.diagnostics ?? []).filter((d) => d.severity === "error");
  if (!loaded.pathway || errors.length > 0 || fileErrors.length > 0) return { ...base, problems: [...errors, ...fileErrors], losses: [] };
  if (to === from) {
    const other = from === "json" ? "`pathway fmt` rewrites it canonically; convert it with --to bland-cli" : "convert it with --to json";
    throw new EngineError("usage", `${loaded.path} is already ${from === "json" ? "pathway JSON" : "a bland-cli project"}; ${other}.`);
  }
  let text: string;
  let losses: Diagnostic[];
  const interop = { ...(await import("../../interop/bland-cli/to-file.js")), ...(await import("../../interop/bland-cli/write-file.js")) };
  if (to === "json") {
    text = toCanonicalJson(loaded.pathway);
    losses = toFindings((loaded.document as { bland?: { losses: BlandCliLoss[] } }).bland?.losses ?? [], loaded);
  } else {
    const converted = interop.toBlandCliFile(loaded.pathway);
    text = interop.toBlandCliFileText(converted.file);
    losses = toFindings(converted.losses, loaded);
  }
  const result: ConvertPathwayResult = { ...base, problems: [], losses, text };
  if (options.output === undefined) return result;
  if (losses.length > 0 && !options.allowLoss) return { ...result, refused: true };
  result.written =
    to === "json"
      ? await writeJson(host, options.output, text, options.force)
      : await writeProject(host, options.output, text, options.force, interop.toBlandrcText);
  return result;
}

async function writeJson(host: Host, output: string, text: string, force = false): Promise<string[]> {
  const info = await host.stat(output);
  if (info?.kind === "directory")
    throw new EngineError("usage", `${output} is a folder; name the JSON file to write (e.g. ${output.replace(/\/+$/, "")}/pathway.json).`);
  if (info !== undefined && !force)
    throw new EngineError("usage", `${output} already exists; convert would replace it. Pass --force to overwrite it, or choose another -o file.`);
  await write(host, output, text);
  return [output];
}

/** Writes `bland-pathway.yaml` and `.blandrc` into `dir`; a folder that already holds a bland-cli project needs `force`. */
async function writeProject(
  host: Host,
  dir: string,
  text: string,
  force: boolean | undefined,
  toBlandrcText: (config: Record<string, string>) => string,
): Promise<string[]> {
  const info = await host.stat(dir);
  if (info !== undefined && info.kind !== "directory")
    throw new EngineError("usage", `${dir} is a file; a bland-cli project is a folder: name a folder to write bland-pathway.yaml and .blandrc into.`);
  const pathwayFile = path.join(dir, "bland-pathway.yaml");
  const rcFile = path.join(dir, BLANDRC);
  const existing = info === undefined ? [] : (await host.glob([`${dir.replace(/\/+$/, "")}/*`, `${dir.replace(/\/+$/, "")}/.*`])).map((f) => path.basename(f));
  if (existing.length > 0 && !force) {
    throw new EngineError(
      "usage",
      `${dir} is not empty (${existing.slice(0, 3).join(", ")}${existing.length > 3 ? ", ..." : ""}); convert would write bland-pathway.yaml and .blandrc into it. Pass --force to write there, or choose a new folder.`,
    );
  }
  // An existing link to a remote pathway is kept, as bland-cli's own `push --create` merges into .blandrc.
  let config: Record<string, string> = {};
  if ((await host.stat(rcFile))?.kind === "file") {
    const { readBlandrc } = await import("../../interop/bland-cli/blandrc.js");
    config = { ...(readBlandrc(decodeUtf8(await host.readFile(rcFile)).text ?? "") ?? {}) };
  }
  config.pathway_file = "bland-pathway.yaml";
  await write(host, pathwayFile, text);
  await write(host, rcFile, toBlandrcText(config));
  return [pathwayFile, rcFile];
}

async function write(host: Host, file: string, text: string): Promise<void> {
  try {
    await host.writeFile(file, text, { verbatim: true });
  } catch (error) {
    throw new EngineError("io", `Cannot write ${file}: ${describeFsError(error, file)}`);
  }
}
