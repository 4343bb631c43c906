// One document's findings, from the same engine operations the commands run: lint for pathways, test for scenarios, check-request for requests, build for modules.
import path from "node:path";
import type { Diagnostic } from "../diagnostics/index.js";
import { buildModules } from "../engine/author/build-modules.js";
import { checkRequestFiles } from "../engine/check/check-requests.js";
import { CONFIG_FILE_NAME } from "../engine/project/config.js";
import { isEngineError } from "../host/errors.js";
import type { Host } from "../host/host.js";
import { INPUT_KINDS } from "../engine/project/inputs.js";
import { lintFiles } from "../engine/check/lint-files.js";
import { runScenarioFiles } from "../engine/scenarios/run-scenarios.js";
import { formatMegabytes } from "./workspace-host.js";

/** What the server does with a document: which command's findings it gets. */
export type DocumentKind = "pathway" | "scenario" | "request" | "module" | "config" | "other";

const endsWithAny = (file: string, endings: readonly string[]) => endings.some((e) => file.toLowerCase().endsWith(e));

/**
 * The kind of a document: scenarios, requests and modules by name (as the commands find them in a folder), the config
 * by name, and any other JSON file that is a pathway by content (a `nodes` key or a pathway `$schema`; a file still
 * being typed is judged by its text).
 */
export function getDocumentKind(file: string, text: string): DocumentKind {
  const base = path.basename(file);
  if (base === CONFIG_FILE_NAME) return "config";
  if (endsWithAny(base, INPUT_KINDS.scenario.extensions)) return "scenario";
  if (endsWithAny(base, INPUT_KINDS.request.extensions)) return "request";
  if (endsWithAny(base, INPUT_KINDS.module.extensions)) return "module";
  if (!base.toLowerCase().endsWith(".json")) return "other";
  // Only the first 64 KiB: the keys that say "pathway" are near the top, and a huge file must not be scanned twice.
  const head = text.slice(0, 64 * 1024);
  return /"nodes"\s*:/.test(head) || /"\$schema"\s*:\s*"[^"]*pathway/.test(head) ? "pathway" : "other";
}

/** One document's findings, in pathwaykit's diagnostic shape (1-based ranges). */
export interface DocumentFindings {
  diagnostics: Diagnostic[];
}

/** A finding about the whole file (a broken config, a refusal), placed on its first line. */
function fileFinding(ruleId: string, message: string): Diagnostic {
  return { ruleId, severity: "error", message, pointer: "", range: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } } };
}

/**
 * The one finding of a `*.pathway.ts` module the server may not run: analysing a module means running it, and the
 * client has not allowed that (an untrusted VS Code workspace, or pathwaykit.runModules not set).
 */
export function getModuleNotRunFinding(): Diagnostic {
  return {
    ...fileFinding(
      "module-not-run",
      "Not analysed: pathwaykit checks a pathway module by running it, as `pathway build` does, and its code runs with your permissions. " +
        "Running modules is off for this workspace: trust the workspace (VS Code) or set pathwaykit.runModules to true in the editor's settings for pathway lsp, and the module is built each time you save it. " +
        "`pathway build --check <file>` in a terminal runs it now.",
    ),
    severity: "info",
  };
}

/** The command that reports what the editor shows for a document of `kind`, to run in a terminal instead. */
const COMMAND: Partial<Record<DocumentKind, string>> = {
  pathway: "pathway lint",
  scenario: "pathway test",
  request: "pathway check-request",
  module: "pathway build --check",
};

/** Why nothing was checked, and the two ways on: the setting, or the command in a terminal (which has no such budget). */
function notAnalysed(ruleId: string, kind: DocumentKind, why: string, setting: string, orElse = ""): Diagnostic {
  const command = COMMAND[kind] ?? "pathway validate";
  return {
    ...fileFinding(
      ruleId,
      `${why}; nothing in it was checked. Raise ${setting} in the editor's settings for pathway lsp${orElse}, or run \`${command} <file>\` in a terminal.`,
    ),
    severity: "warning",
  };
}

/** The one finding of a document over the size the editor analyses. */
export function getTooLargeFinding(kind: DocumentKind, bytes: number, limitBytes: number): Diagnostic {
  return notAnalysed(
    "too-large-to-analyse",
    kind,
    `Not analysed: this file is ${formatMegabytes(bytes)}, over the ${formatMegabytes(limitBytes)} the editor analyses`,
    "pathwaykit.maxDocumentSizeMB",
    " (or start it with --max-file-size)",
  );
}

/** The one finding of a document whose analysis outgrew the memory allowed. */
export function getOutOfMemoryFinding(kind: DocumentKind, memoryMb: number): Diagnostic {
  return notAnalysed(
    "too-large-to-analyse",
    kind,
    `Not analysed: this file needed more than the ${memoryMb} MB of memory an analysis may use, and its analysis was stopped`,
    "pathwaykit.analysisMemoryMB",
  );
}

/** The one finding of a document whose analysis ran past its time. */
export function getTimeoutFinding(kind: DocumentKind, timeoutSeconds: number): Diagnostic {
  return notAnalysed(
    "analysis-took-too-long",
    kind,
    `Not analysed: the analysis of this file took longer than the ${timeoutSeconds} s it may take, and was stopped`,
    "pathwaykit.analysisTimeoutSeconds",
  );
}

/** The one finding of a document whose analysis failed in pathwaykit itself. */
export function getAnalysisFailedFinding(message: string): Diagnostic {
  return fileFinding("analysis-failed", `pathwaykit could not analyse this file: ${message}. This is a bug in pathwaykit; please report it.`);
}

/** True when `shown` (a path as a result names it, relative to the host's cwd) is `file`. */
const isFile = (host: Host, shown: string, file: string) => path.resolve(host.cwd, shown) === file;

async function lintDocument(host: Host, file: string): Promise<Diagnostic[]> {
  const { results } = await lintFiles(host, [file]);
  return results.filter((r) => isFile(host, r.filePath, file)).flatMap((r) => r.diagnostics);
}

async function testDocument(host: Host, file: string): Promise<Diagnostic[]> {
  // Offline and scripted unless the scenario says otherwise; the host has no network, so nothing live can run.
  const report = await runScenarioFiles(host, [file]);
  return report.results.flatMap((r) => [
    ...r.failures.map(
      (f): Diagnostic => ({
        ruleId: r.status === "error" ? "scenario-error" : "scenario-failed",
        severity: "error",
        message: f.message,
        pointer: f.pointer,
        range: { start: { line: f.line ?? 1, column: f.column ?? 1 }, end: { line: f.line ?? 1, column: (f.column ?? 1) + 1 } },
      }),
    ),
    ...r.warnings.map((message) => ({ ...fileFinding("scenario-warning", message), severity: "warning" as const })),
  ]);
}

async function checkRequestDocument(host: Host, file: string): Promise<Diagnostic[]> {
  const results = await checkRequestFiles(host, [file]);
  return results.filter((r) => isFile(host, r.filePath, file)).flatMap((r) => r.diagnostics);
}

async function buildDocument(host: Host, file: string): Promise<Diagnostic[]> {
  // check: true writes nothing; whether the JSON on disk is current is the build's business, not the editor's.
  const { files } = await buildModules(host, [file], { check: true });
  return files.filter((r) => isFile(host, r.filePath, file)).flatMap((r) => r.diagnostics.filter((d) => d.ruleId !== "out-of-date"));
}

const BY_KIND: Partial<Record<DocumentKind, (host: Host, file: string) => Promise<Diagnostic[]>>> = {
  pathway: lintDocument,
  scenario: testDocument,
  request: checkRequestDocument,
  module: buildDocument,
};

/** Whether documents of `kind` have findings of their own (a config and other JSON have none: they only change others'). */
export function hasFindings(kind: DocumentKind): boolean {
  return BY_KIND[kind] !== undefined;
}

/**
 * The findings of `file` (absolute) read through `host`, as the command for its kind reports them. A broken config, a
 * refused file or an engine failure becomes one finding on the first line: the server keeps answering.
 */
export async function analyzeDocument(host: Host, file: string, kind: DocumentKind): Promise<DocumentFindings> {
  const run = BY_KIND[kind];
  if (!run) return { diagnostics: [] };
  try {
    return { diagnostics: await run(host, file) };
  } catch (error) {
    if (isEngineError(error)) return { diagnostics: [fileFinding(error.kind === "config" ? "config-error" : "analysis-failed", error.message)] };
    return { diagnostics: [getAnalysisFailedFinding(error instanceof Error ? error.message : String(error))] };
  }
}
