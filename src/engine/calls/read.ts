// Streams the call records of files and folders (JSON, lists, list answers, NDJSON) one at a time: one broken file is that file's error.
import { readCallRecord, readCallValues, type CallRecord } from "../../calls/index.js";
import { requirePathway } from "../project/load-pathway.js";
import { expandInputs, readInput } from "../project/inputs.js";
import { findEntryByFile, loadManifest } from "../project/manifest.js";
import type { Host } from "../../host/host.js";
import type { Pathway } from "../../model/schema.js";

/** A file, or a part of one, that held no readable call record. */
export interface CallFileProblem {
  path: string;
  line?: number;
  message: string;
}

/** What reading the inputs found, besides the records handed to the callback. */
export interface CallReadSummary {
  files: number;
  records: number;
  /** The first `MAX_LISTED_PROBLEMS` problems; `problemCount` counts them all. */
  problems: CallFileProblem[];
  problemCount: number;
  /** Symbolic links a folder or glob met that lead outside the project: said as warnings, never read, never a failure. */
  skipped: string[];
}

/** Problems listed in full; past this they are only counted, so 100,000 broken files cannot fill memory. */
export const MAX_LISTED_PROBLEMS = 1000;

/**
 * Calls `onRecord` for every call record in `args` (files, folders searched for *.json, *.ndjson and *.jsonl, globs,
 * `-`), one file at a time, so memory holds one file, never the whole set. Nothing is thrown for a bad file.
 */
export async function forEachCallRecord(host: Host, args: readonly string[], onRecord: (record: CallRecord, where: string) => void): Promise<CallReadSummary> {
  const summary: CallReadSummary = { files: 0, records: 0, problems: [], problemCount: 0, skipped: [] };
  const problem = (p: CallFileProblem) => {
    summary.problemCount++;
    if (summary.problems.length < MAX_LISTED_PROBLEMS) summary.problems.push(p);
  };
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for (const ref of await expandInputs(host, "call", args)) {
    if (ref.skipped) {
      if (summary.skipped.length < MAX_LISTED_PROBLEMS) summary.skipped.push(`${ref.path}: ${ref.problem!.message}`);
      continue;
    }
    const read = await readInput(host, ref);
    if (read.problem || !read.bytes) {
      problem({ path: ref.path, message: read.problem?.message ?? `${ref.path}: cannot be read` });
      continue;
    }
    summary.files++;
    let text: string;
    try {
      text = decoder.decode(read.bytes);
    } catch {
      problem({ path: ref.path, message: "not UTF-8 text" });
      continue;
    }
    for (const item of readCallValues(text, { ndjson: /\.(ndjson|jsonl)$/i.test(ref.path) })) {
      const line = item.line === undefined ? {} : { line: item.line };
      if ("problem" in item) {
        problem({ path: ref.path, ...line, message: item.problem });
        continue;
      }
      const result = readCallRecord(item.value);
      if ("problem" in result) {
        problem({ path: ref.path, ...line, message: result.problem });
        continue;
      }
      summary.records++;
      onRecord(result.record, item.line === undefined ? ref.path : `${ref.path}:${item.line}`);
    }
  }
  return summary;
}

/** The pathway calls are mapped onto, with the remote id that tells its calls from others' (the flag, else the manifest's entry). */
export async function loadCallsPathway(host: Host, arg: string, pathwayId?: string): Promise<{ pathway: Pathway; path: string; pathwayId?: string }> {
  const loaded = await requirePathway(host, arg);
  let id = pathwayId;
  if (id === undefined && arg !== "-") {
    try {
      id = findEntryByFile(await loadManifest(host), host.cwd, arg)?.id;
    } catch {
      // A broken manifest only means calls of other pathways are not told apart here; the commands that own it say why.
    }
  }
  return { pathway: loaded.pathway, path: loaded.path, ...(id === undefined ? {} : { pathwayId: id }) };
}
