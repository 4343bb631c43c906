// Whether a tracked file was edited since its last fetch or push: the check that keeps fetch from discarding work.
import { getPathwayHash } from "../../remote/index.js";

/** Reads a file's bytes; resolves undefined when the file does not exist. Injected so the check runs without a disk. */
export type ReadBytes = (file: string) => Promise<Uint8Array | undefined>;

/** The state of a local file against the hash recorded at the last fetch or push. */
export type LocalFileState =
  /** No file yet: writing it loses nothing. */
  | { state: "missing" }
  /** Same content as recorded (whitespace and key order aside): safe to replace. */
  | { state: "unchanged"; hash: string }
  /** Content differs from what was recorded (or does not parse, or nothing was recorded): replacing it would lose work. */
  | { state: "edited"; hash?: string; reason: "changed" | "unparseable" | "untracked" };

/** The hash a file's content is compared by: the pathway hash of its JSON, so reformatting is not an edit. */
export function getFileContentHash(bytes: Uint8Array): string | undefined {
  try {
    return getPathwayHash(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * Compares `file` with `recordedHash` (the manifest's hash of what the last fetch wrote or the last push sent). A file
 * that exists with no recorded hash counts as edited ("untracked"): fetch never overwrites what it did not write.
 */
export async function getLocalFileState(file: string, recordedHash: string | undefined, readBytes: ReadBytes): Promise<LocalFileState> {
  const bytes = await readBytes(file);
  if (bytes === undefined) return { state: "missing" };
  const hash = getFileContentHash(bytes);
  if (hash === undefined) return { state: "edited", reason: "unparseable" };
  if (recordedHash === undefined) return { state: "edited", hash, reason: "untracked" };
  return hash === recordedHash ? { state: "unchanged", hash } : { state: "edited", hash, reason: "changed" };
}

/** True when writing `remoteHash`'s content over the file loses nothing: no file, no edits, or the same content already. */
export function isSafeToReplace(state: LocalFileState, remoteHash: string): boolean {
  return state.state !== "edited" || state.hash === remoteHash;
}

/** The refusal for an edited file: names it and the two ways on. */
export function toLocalEditsMessage(file: string, id: string, state: Extract<LocalFileState, { state: "edited" }>): string {
  const why =
    state.reason === "untracked"
      ? `${file} exists and was not written by \`pathway fetch\` (no hash recorded in pathwaykit.manifest.json)`
      : state.reason === "unparseable"
        ? `${file} has local edits (it is no longer valid JSON)`
        : `${file} has local edits since it was last fetched or pushed`;
  return `${why}; not overwritten. Look first with \`pathway diff ${file} remote:${id}\`, or pass --force to take the remote version and discard them.`;
}
