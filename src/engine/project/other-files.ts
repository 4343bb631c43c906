// The project files that are not pathways (call records, scenarios, request bodies, bland-cli test cases), told from their parsed value, and the one note that says a folder walk skipped them.
import type { Diagnostic, FileResult } from "../../diagnostics/index.js";
import { toCount } from "../../escape/count.js";
import type { InputRef } from "./inputs.js";
import type { OtherFileKind } from "./other-file-kind.js";

export type { OtherFileKind } from "./other-file-kind.js";

/** Each kind's noun, singular and plural, in the order the note lists them. */
const NOUNS: Readonly<Record<OtherFileKind, readonly [string, string]>> = {
  "call-record": ["call record", "call records"],
  scenario: ["scenario file", "scenario files"],
  request: ["request body", "request bodies"],
  "bland-cli-tests": ["bland-cli test file", "bland-cli test files"],
};

/** What each kind is, as the per-file note says it (with what told it), and the command that reads it instead. */
const WHAT: Readonly<Record<OtherFileKind, string>> = {
  "call-record": "a call record (it has a call_id, or a conversation_id: a v2 event trace), which `pathway calls` reads",
  scenario: "a scenario (pathway: and turns:), which `pathway test` runs",
  request: "an API request body (the fields a call, batch, inbound or purchase request requires), which `pathway check-request` checks",
  "bland-cli-tests": "a bland-cli test-cases file (tests: with scenario:), which `pathway test` runs as persona scenarios",
};

/** A file a folder or glob found that holds another kind of project file, and was therefore not checked. */
export interface SkippedFile {
  /** The path as shown to the user. */
  path: string;
  kind: OtherFileKind;
}

/**
 * The skip for a file a folder or glob found (never one named directly, nor stdin: those are read and reported as
 * they are) whose parsed value is another kind of project file; undefined when it is to be checked.
 */
export async function getSkippedFile(input: Pick<InputRef, "path" | "named" | "foundBy">, value: unknown): Promise<SkippedFile | undefined> {
  if (input.named || !input.foundBy?.length) return undefined;
  // Loaded on the first file a walk found: telling call records and request bodies apart takes their readers, which a
  // `pathway validate <file>` start would otherwise parse for nothing.
  const { getOtherFileKind } = await import("./other-file-kind.js");
  const kind = getOtherFileKind(value);
  return kind === undefined ? undefined : { path: input.path, kind };
}

/** The rule id of the note on a skipped file. */
export const SKIPPED_FILE_RULE = "skipped-file";

/**
 * A skipped file as a result: no findings, one `info` note (never counted as a warning or an error) saying what it is,
 * and `skipped` naming its kind, so `--format json` lists it machine-readably beside the files that were checked.
 */
export function toSkippedResult(skipped: SkippedFile): FileResult {
  const note: Diagnostic = {
    ruleId: SKIPPED_FILE_RULE,
    severity: "info",
    message: `Skipped: not a pathway but ${WHAT[skipped.kind]}; name the file itself to check it as a pathway.`,
    pointer: "",
  };
  return { filePath: skipped.path, diagnostics: [note], skipped: skipped.kind };
}

/** True for the result of a skipped file (see `toSkippedResult`). */
export function isSkippedResult(result: FileResult): boolean {
  return result.skipped !== undefined;
}

/**
 * The one line a run prints about the files it skipped, or undefined when it skipped none: how many of which kind, in
 * which folders, e.g. "skipped 3 call records and 1 request body in calls/, requests/; name a file to read it".
 */
export function describeSkippedFiles(results: readonly FileResult[]): string | undefined {
  const counts = new Map<OtherFileKind, number>();
  const folders: string[] = [];
  for (const r of results) {
    const kind = r.skipped as OtherFileKind | undefined;
    if (kind === undefined || !(kind in NOUNS)) continue;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const slash = r.filePath.lastIndexOf("/");
    const folder = slash < 0 ? "./" : r.filePath.slice(0, slash + 1);
    if (!folders.includes(folder)) folders.push(folder);
  }
  if (counts.size === 0) return undefined;
  const parts = (Object.keys(NOUNS) as OtherFileKind[]).filter((k) => counts.has(k)).map((k) => toCount(counts.get(k)!, ...NOUNS[k]));
  const what = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)!}`;
  const top = toTopFolders(folders);
  const shown = top.length <= 3 ? top.join(", ") : `${top.slice(0, 3).join(", ")} and ${toCount(top.length - 3, "more folder")}`;
  return `skipped ${what} in ${shown}; name a file to read it`;
}

/**
 * Folders as the note names them: below the folder all of them share, the first level only (`calls/`, `bland/`, not
 * `bland/demo/tests/`), so a walk of a whole project names its parts and a walk of one folder names that folder.
 */
function toTopFolders(folders: readonly string[]): string[] {
  if (folders.includes("./")) return [...new Set(folders.map((f) => (f === "./" ? f : `${f.split("/")[0]}/`)))];
  const split = folders.map((f) => f.split("/").slice(0, -1));
  let shared = 0;
  while (split.every((s) => s.length > shared && s[shared] === split[0]![shared])) shared++;
  return [...new Set(split.map((s) => `${s.slice(0, Math.min(s.length, shared + 1)).join("/")}/`))];
}

/** Per folder or glob argument: the files it found, and how many of them were skipped or ignored by the config. */
export interface WalkTally {
  /** Counts a file (read or not) for each folder or glob that found it. */
  found(input: Pick<InputRef, "foundBy">): void;
  /** Counts a file skipped as another kind of project file. */
  skipped(input: Pick<InputRef, "foundBy">): void;
  /** Counts a file the config's "ignore" (in `config`, as shown) left out. */
  ignored(input: Pick<InputRef, "foundBy">, config: string): void;
  /** A `no-matching-files` error for each folder or glob whose every file was skipped or ignored: it checked nothing. */
  problems(): FileResult[];
}

/** Starts a tally of what each folder or glob argument found (see `WalkTally`). */
export function createWalkTally(): WalkTally {
  const byArg = new Map<string, { count: number; skipped: number; ignored: number; config: string }>();
  const each = (input: Pick<InputRef, "foundBy">, add: (t: { count: number; skipped: number; ignored: number; config: string }) => void) => {
    for (const arg of input.foundBy ?? []) {
      let tally = byArg.get(arg);
      if (!tally) byArg.set(arg, (tally = { count: 0, skipped: 0, ignored: 0, config: "" }));
      add(tally);
    }
  };
  return {
    found: (input) => each(input, (t) => t.count++),
    skipped: (input) => each(input, (t) => t.skipped++),
    ignored: (input, config) => each(input, (t) => Object.assign(t, { ignored: t.ignored + 1, config })),
    problems: () =>
      [...byArg].flatMap(([arg, t]) => {
        if (t.count === 0 || t.skipped + t.ignored < t.count) return [];
        const message =
          t.skipped === 0
            ? `${arg}: every file it matches is ignored by "ignore" in ${t.config}; name a file that is not ignored, or change "ignore".`
            : `${arg}: no pathway was checked: every file it found is ${t.ignored > 0 ? `ignored by "ignore" in ${t.config} or ` : ""}a call record, scenario, request body or bland-cli test file; name a file to check it as a pathway${t.ignored > 0 ? ', or change "ignore"' : ""}.`;
        return [{ filePath: arg, diagnostics: [{ ruleId: "no-matching-files", severity: "error", message, pointer: "" }] }];
      }),
  };
}
