// The project files that are not pathways (call records, scenarios, request bodies, bland-cli test cases), told from their parsed value, and the one note that says a folder walk skipped them.
import { holdsOnlyCallRecords } from "../../calls/read-text.js";
import type { Diagnostic, FileResult } from "../../diagnostics/index.js";
import { toCount } from "../../escape/count.js";
import { isObject } from "../../model/pathway.js";
import { getWrappedPathwayPointer } from "../../model/wrapped-answer.js";
import { isRequestBody } from "../../requests/request-fields.js";
import { SCENARIO_KEYS } from "../../simulate/scenario-keys.js";
import { getPathwayProblem } from "./load-pathway.js";
import type { InputRef } from "./inputs.js";

/** The kinds of JSON a project keeps beside its pathways, which a folder or glob of pathways skips. */
export type OtherFileKind = "call-record" | "scenario" | "request" | "bland-cli-tests";

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

const BLAND_TESTS_KEYS = new Set(["pathway", "tests"]);
const SCENARIO_KEY_SET = new Set(SCENARIO_KEYS);

/**
 * Which other kind of project file a parsed JSON value is, or undefined when it is none of them. A value that is a
 * pathway, or might be one gone wrong (it has `nodes` or `edges`, or is a saved API answer around a pathway), is never
 * another kind: its problems are reported, not skipped. Decided on the value alone; nothing is parsed again.
 */
export function getOtherFileKind(value: unknown): OtherFileKind | undefined {
  if (getPathwayProblem(value, "") === undefined) return undefined;
  if (isObject(value) && (Object.hasOwn(value, "nodes") || Object.hasOwn(value, "edges") || getWrappedPathwayPointer(value) !== undefined)) return undefined;
  // A list of records (or the list endpoint's answer) is a calls file too: `pathway calls` reads it.
  if (holdsOnlyCallRecords(value)) return "call-record";
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  // A scenario's turns default to none, so a scenario without them is told by its keys (the schema allows no others).
  if (typeof value.pathway === "string" && (Array.isArray(value.turns) || keys.every((k) => SCENARIO_KEY_SET.has(k)))) return "scenario";
  // bland-cli 0.6.1's PathwayTestCasesFile: `{pathway?, tests: [{name, scenario, expected_path?, ...}]}` (YAML reads JSON too).
  if (
    Array.isArray(value.tests) &&
    keys.every((k) => BLAND_TESTS_KEYS.has(k)) &&
    value.tests.every((t) => isObject(t) && (typeof t.scenario === "string" || typeof t.name === "string"))
  ) {
    return "bland-cli-tests";
  }
  if (isRequestBody(value)) return "request";
  return undefined;
}

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
export function getSkippedFile(input: Pick<InputRef, "path" | "named" | "foundBy">, value: unknown): SkippedFile | undefined {
  if (input.named || !input.foundBy?.length) return undefined;
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
