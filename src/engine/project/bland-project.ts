// bland-cli projects as a pathway source: which files are bland-cli files, how they are parsed, their test cases, and their link to bland-cli.
import path from "node:path";
import type { FileResult } from "../../diagnostics/index.js";
import { describeFsError } from "../../host/fs-errors.js";
import type { Host } from "../../host/host.js";
import { BLAND_CLI_PATHWAY_FILE_NAMES, BLANDRC, DEFAULT_TEST_FILE, isBlandCliFileName } from "../../interop/bland-cli/file.js";
import type { BlandCliLoss, BlandCliPushTarget } from "../../interop/bland-cli/losses.js";
import type { Pathway } from "../../model/schema.js";
import { decodeUtf8, parseDocument, type ParsedDocument } from "../../parse/index.js";
import { displayPath, type ReadInput } from "./inputs.js";

export { isBlandCliFileName };

/**
 * True for a file read as bland-cli's format: one of the names bland-cli looks for (`bland-pathway.yaml`,
 * `bland-pathway.json`, `pathway.yaml`...), or any `.yaml`/`.yml` file (a pathway pathwaykit reads is JSON otherwise).
 */
export function isBlandCliPath(file: string): boolean {
  const name = path.basename(file);
  return isBlandCliFileName(name) || /\.ya?ml$/i.test(name);
}

/** The project's pathway file in `dir`, as bland-cli's `findPathwayFile` picks it (the first name that exists), or undefined. */
export async function findBlandCliPathwayFile(host: Host, dir: string): Promise<string | undefined> {
  for (const name of BLAND_CLI_PATHWAY_FILE_NAMES) {
    const file = path.join(dir, name);
    if ((await host.stat(file))?.kind === "file") return file;
  }
  return undefined;
}

/** A parsed pathway document; `bland` is set for a bland-cli file (its value is the pathway its push sends). */
export type PathwayDocument = ParsedDocument & { bland?: { losses: readonly BlandCliLoss[]; file?: unknown } };

/**
 * Parses read bytes as the pathway they hold: JSON as it is, a bland-cli file (see `isBlandCliPath`) converted to the
 * pathway its push sends, its findings placed on the file's own lines. The YAML reader is loaded only for such a file.
 */
export async function parsePathwayDocument(input: Pick<ReadInput, "path" | "file">, bytes: Uint8Array): Promise<PathwayDocument> {
  const name = input.file ?? input.path;
  if (!isBlandCliPath(name)) return parseDocument(bytes);
  const decoded = decodeUtf8(bytes);
  if (decoded.text === undefined) return { ok: false, diagnostics: decoded.diagnostics, locate: () => undefined, locateMany: () => new Map() };
  const { readBlandCliFile } = await import("../../interop/bland-cli/read-file.js");
  const doc = readBlandCliFile(decoded.text, /\.json$/i.test(name) ? "json" : "yaml");
  return { ...doc, diagnostics: [...decoded.diagnostics, ...doc.diagnostics], bland: { losses: doc.losses, file: doc.file } };
}

/** The `.blandrc` of a folder, read, or undefined when there is none (or it is not YAML: bland-cli then ignores it too). */
async function readFolderBlandrc(host: Host, dir: string) {
  const file = path.join(dir, BLANDRC);
  if ((await host.stat(file))?.kind !== "file") return undefined;
  const { readBlandrc } = await import("../../interop/bland-cli/blandrc.js");
  try {
    return { file, config: readBlandrc(decodeUtf8(await host.readFile(file)).text ?? "") ?? {} };
  } catch {
    return undefined;
  }
}

/**
 * What a push through bland-cli means for a file, for the `bland-cli-push-loss` rule: a bland-cli file's own losses,
 * or, for a pathway JSON with a `.blandrc` beside it (a folder bland-cli works in: its pull writes over this pathway's
 * content and its push sends that), `linked`. Undefined otherwise. `.blandrc` files further up are not looked at:
 * bland-cli would use them for a project's id, but a pathway JSON is pushed through this folder's file only.
 */
export async function getPushTarget(host: Host, input: Pick<ReadInput, "file">, doc: PathwayDocument): Promise<BlandCliPushTarget | undefined> {
  if (doc.bland) return { kind: "project", losses: doc.bland.losses };
  if (input.file === undefined) return undefined;
  const rc = await readFolderBlandrc(host, path.dirname(input.file));
  return rc
    ? { kind: "linked", blandrc: displayPath(host.cwd, rc.file), ...(rc.config.pathway_id !== undefined && { pathwayId: rc.config.pathway_id }) }
    : undefined;
}

/**
 * The static check of a bland-cli project's test cases: the test file `.blandrc` names (`test_file`, relative to the
 * project folder) or `tests/test-cases.yaml`, its expected paths checked against `pathway` (see
 * `checkBlandCliTestCases`). A result for the test file (findings on its lines), or undefined when the project has none.
 */
export async function checkProjectTestCases(host: Host, pathwayFile: string, pathway: Pathway): Promise<FileResult | undefined> {
  const dir = path.dirname(pathwayFile);
  const rc = await readFolderBlandrc(host, dir);
  const file = path.resolve(dir, rc?.config.test_file ?? DEFAULT_TEST_FILE);
  if ((await host.stat(file))?.kind !== "file") return undefined;
  const shown = displayPath(host.cwd, file);
  let bytes: Uint8Array;
  try {
    bytes = await host.readFile(file);
  } catch (error) {
    return { filePath: shown, diagnostics: [{ ruleId: "unreadable-file", severity: "error", message: describeFsError(error, shown), pointer: "" }] };
  }
  const decoded = decodeUtf8(bytes);
  if (decoded.text === undefined) return { filePath: shown, diagnostics: decoded.diagnostics };
  const { checkBlandCliTestCases, readBlandCliTestFile } = await import("../../interop/bland-cli/test-cases.js");
  return { filePath: shown, diagnostics: checkBlandCliTestCases(readBlandCliTestFile(decoded.text), pathway), text: decoded.text };
}
